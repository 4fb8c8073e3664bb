import { describe, expect, it } from 'vitest';
import { monthWeekOf, recurrenceSchema, repeatPhrase } from './calendar.ts';

const SHORT = { MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat', SU: 'Sun' } as const;

describe('recurrence schema', () => {
  it('reads a rule without a frequency as weekly, unchanged', () => {
    expect(recurrenceSchema.parse({ byDay: ['MO', 'WE'], until: '2027-03-31' })).toEqual({
      byDay: ['MO', 'WE'],
      until: '2027-03-31',
      interval: 1,
    });
    expect(recurrenceSchema.safeParse({ until: '2027-03-31' }).error?.issues[0]?.message).toBe(
      'repeat: choose at least one weekday',
    );
    expect(recurrenceSchema.safeParse({ byDay: ['MO'], until: '2027-03-31', interval: 6 }).success).toBe(false);
  });

  it('takes monthly on a day or on one weekday of the month, not both', () => {
    expect(
      recurrenceSchema.safeParse({ freq: 'MONTHLY', byMonthDay: 15, until: '2027-03-31', interval: 6 }).success,
    ).toBe(true);
    expect(recurrenceSchema.safeParse({ freq: 'MONTHLY', byDay: ['MO'], nth: -1, until: '2027-03-31' }).success).toBe(
      true,
    );
    for (const bad of [
      { freq: 'MONTHLY', until: '2027-03-31' },
      { freq: 'MONTHLY', byMonthDay: 15, byDay: ['MO'], nth: 1, until: '2027-03-31' },
      { freq: 'MONTHLY', byDay: ['MO', 'TU'], nth: 1, until: '2027-03-31' },
      { freq: 'MONTHLY', byDay: ['MO'], nth: 5, until: '2027-03-31' },
      { byDay: ['MO'], byMonthDay: 3, until: '2027-03-31' },
    ]) {
      expect(recurrenceSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('names a rule and the week of the month', () => {
    expect(repeatPhrase({ byDay: ['WE', 'MO'], until: '2027-03-31', interval: 1 }, SHORT)).toBe('every Mon, Wed');
    expect(repeatPhrase({ freq: 'MONTHLY', byDay: [], byMonthDay: 15, until: '2027-03-31', interval: 1 }, SHORT)).toBe(
      'monthly on day 15',
    );
    expect(repeatPhrase({ freq: 'MONTHLY', byDay: ['FR'], nth: -1, until: '2027-03-31', interval: 3 }, SHORT)).toBe(
      'every 3 months on the last Fri',
    );
    expect(monthWeekOf('2026-11-02')).toBe(1);
    expect(monthWeekOf('2026-11-16')).toBe(3);
    expect(monthWeekOf('2026-11-26')).toBe(-1);
    expect(monthWeekOf('2026-11-26', false)).toBe(4);
  });
});
