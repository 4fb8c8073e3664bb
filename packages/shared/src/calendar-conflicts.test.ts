import { describe, expect, it } from 'vitest';
import { type ConflictSubject, conflictSentence, conflictWhen } from './calendar-conflicts.ts';

const practice: ConflictSubject = {
  type: 'PRACTICE',
  title: 'Varsity Basketball',
  opponent: null,
  homeAway: null,
  allDay: false,
  localStart: '2026-12-01T17:30',
  localEnd: '2026-12-01T19:00',
  facility: 'Main Gym',
  team: { name: 'Varsity Basketball' },
};

describe('conflictSentence', () => {
  it('names the event, the school-clock time and the facility', () => {
    expect(conflictSentence('FACILITY', practice)).toBe(
      'Conflicts with Varsity Basketball practice, Tue Dec 1, 5:30–7:00 PM in Main Gym',
    );
  });

  it('says the same team, a game’s opponent and another import row', () => {
    const game = { ...practice, type: 'GAME' as const, opponent: 'Central High', homeAway: 'AWAY' as const };
    expect(conflictSentence('TEAM', game, 'row 4: ')).toBe(
      'Conflicts with row 4: Varsity Basketball at Central High, Tue Dec 1, 5:30–7:00 PM (same team, Varsity Basketball)',
    );
    // A title that already says what it is is not repeated.
    expect(conflictSentence('FACILITY', { ...practice, title: 'JV Practice' })).toMatch(/^Conflicts with JV Practice,/);
  });

  it('spells out times across noon, midnight and all-day events', () => {
    expect(conflictWhen({ allDay: false, localStart: '2026-12-05T11:00', localEnd: '2026-12-05T13:00' })).toBe(
      'Sat Dec 5, 11:00 AM–1:00 PM',
    );
    expect(conflictWhen({ allDay: false, localStart: '2026-12-05T22:00', localEnd: '2026-12-06T01:00' })).toBe(
      'Sat Dec 5, 10:00 PM–Sun Dec 6 1:00 AM',
    );
    expect(conflictWhen({ allDay: true, localStart: '2026-12-05T00:00', localEnd: '2026-12-06T00:00' })).toBe(
      'Sat Dec 5, all day',
    );
  });
});
