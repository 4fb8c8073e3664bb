import { describe, expect, it } from 'vitest';
import { expandSeries, firstMatchingDate, monthlyOn, recurrenceDates, shiftRule, weekdayOf } from './recurrence.ts';

describe('weekly recurrence', () => {
  it('knows weekdays and snaps a start to the first chosen day', () => {
    expect(weekdayOf('2027-03-01')).toBe('MO');
    expect(firstMatchingDate('2027-03-02', { byDay: ['MO', 'TH'], until: '2027-03-31', interval: 2 })).toBe(
      '2027-03-04',
    );
  });

  it('lists dates every N weeks until the date, inclusive', () => {
    expect(recurrenceDates('2027-03-01', { byDay: ['MO', 'WE'], until: '2027-03-10', interval: 1 })).toEqual([
      '2027-03-01',
      '2027-03-03',
      '2027-03-08',
      '2027-03-10',
    ]);
    expect(recurrenceDates('2027-03-03', { byDay: ['MO', 'WE'], until: '2027-03-24', interval: 2 })).toEqual([
      '2027-03-03',
      '2027-03-15',
      '2027-03-17',
    ]);
  });

  it('keeps the wall time across the DST change', () => {
    const shape = {
      localStart: '2027-03-08T16:00',
      localEnd: '2027-03-08T17:30',
      rule: { byDay: ['MO' as const], until: '2027-03-22', interval: 1 },
    };
    const all = expandSeries(
      shape,
      'America/Chicago',
      new Date('2027-03-01T00:00:00Z'),
      new Date('2027-04-01T00:00:00Z'),
    );
    expect(all.map((o) => o.start.toISOString())).toEqual([
      '2027-03-08T22:00:00.000Z',
      '2027-03-15T21:00:00.000Z',
      '2027-03-22T21:00:00.000Z',
    ]);
    expect(all.every((o) => o.localStart.endsWith('16:00') && o.localEnd.endsWith('17:30'))).toBe(true);
  });
});

describe('monthly recurrence', () => {
  it('repeats on a day of the month, skipping months without it', () => {
    const rule = { freq: 'MONTHLY' as const, byDay: [], byMonthDay: 31, until: '2027-05-31', interval: 1 };
    expect(recurrenceDates('2027-01-31', rule)).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
    expect(recurrenceDates('2027-01-15', { ...rule, byMonthDay: 15, interval: 2 })).toEqual([
      '2027-01-15',
      '2027-03-15',
      '2027-05-15',
    ]);
  });

  it('repeats on the first or last weekday of the month and snaps a start to it', () => {
    const first = { freq: 'MONTHLY' as const, byDay: ['MO' as const], nth: 1, until: '2027-01-31', interval: 1 };
    expect(recurrenceDates('2026-09-07', first)).toEqual([
      '2026-09-07',
      '2026-10-05',
      '2026-11-02',
      '2026-12-07',
      '2027-01-04',
    ]);
    expect(firstMatchingDate('2026-09-08', first)).toBe('2026-10-05');
    const last = { ...first, byDay: ['FR' as const], nth: -1, interval: 2 };
    expect(recurrenceDates('2026-09-25', last)).toEqual(['2026-09-25', '2026-11-27', '2027-01-29']);
  });

  it('keeps 6:30 pm local on the first Monday across the November DST change', () => {
    const shape = {
      localStart: '2026-10-05T18:30',
      localEnd: '2026-10-05T19:30',
      rule: { freq: 'MONTHLY' as const, byDay: ['MO' as const], nth: 1, until: '2026-12-31', interval: 1 },
    };
    const all = expandSeries(
      shape,
      'America/Chicago',
      new Date('2026-10-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(all.map((o) => o.start.toISOString())).toEqual([
      '2026-10-05T23:30:00.000Z',
      '2026-11-03T00:30:00.000Z',
      '2026-12-08T00:30:00.000Z',
    ]);
  });

  it('derives the monthly choice from a date and follows a moved start', () => {
    expect(monthlyOn('2026-11-02', 'weekday')).toEqual({ byDay: ['MO'], nth: 1, byMonthDay: undefined });
    expect(monthlyOn('2026-11-30', 'weekday')).toEqual({ byDay: ['MO'], nth: -1, byMonthDay: undefined });
    expect(monthlyOn('2026-11-26', 'weekday', true).nth).toBe(-1);
    expect(monthlyOn('2026-11-26', 'weekday').nth).toBe(4);
    expect(monthlyOn('2026-11-15', 'day')).toEqual({ byMonthDay: 15, byDay: [], nth: undefined });
    const weekly = { byDay: ['MO' as const, 'WE' as const], until: '2026-12-31', interval: 1 };
    expect(shiftRule(weekly, '2026-11-02', '2026-11-03').byDay).toEqual(['TU', 'TH']);
    const monthly = { freq: 'MONTHLY' as const, byDay: ['MO' as const], nth: 1, until: '2026-12-31', interval: 1 };
    expect(shiftRule(monthly, '2026-11-02', '2026-11-03')).toMatchObject({ byDay: ['TU'], nth: 1 });
  });
});
