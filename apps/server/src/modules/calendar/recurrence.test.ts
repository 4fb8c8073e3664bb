import { describe, expect, it } from 'vitest';
import { expandSeries, firstMatchingDate, recurrenceDates, weekdayOf } from './recurrence.ts';

describe('weekly recurrence', () => {
  it('knows weekdays and snaps a start to the first chosen day', () => {
    expect(weekdayOf('2027-03-01')).toBe('MO');
    expect(firstMatchingDate('2027-03-02', ['MO', 'TH'])).toBe('2027-03-04');
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
