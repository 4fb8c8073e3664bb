import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const CHICAGO = 'America/Chicago';
/** Chicago moves to daylight time on 2026-03-08 at 2 AM and back on 2026-11-01 at 2 AM. */
const at = (iso: string) => new Date(iso);

describe('relativeTime', () => {
  it('shows the time for today, the weekday within the week, the date before', () => {
    const now = at('2026-11-27T18:00:00Z'); // Fri Nov 27, 12:00 PM in Chicago
    expect(relativeTime('2026-11-27T15:42:00Z', CHICAGO, now)).toBe('9:42 AM');
    expect(relativeTime('2026-11-24T15:00:00Z', CHICAGO, now)).toBe('Tue');
    expect(relativeTime('2026-11-20T15:00:00Z', CHICAGO, now)).toBe('Nov 20');
  });

  it('counts days on the school’s clock, not the device’s or UTC', () => {
    // 9 PM Thursday in Chicago is already Friday in UTC; at 9 AM Friday it is yesterday there.
    const now = at('2026-11-27T15:00:00Z');
    expect(relativeTime('2026-11-27T03:00:00Z', CHICAGO, now)).toBe('Thu');
    expect(relativeTime('2026-11-27T03:00:00Z', 'UTC', now)).toBe('3:00 AM');
  });

  it('keeps yesterday yesterday across the spring change (a 23-hour day)', () => {
    const now = at('2026-03-09T15:00:00Z'); // Mon Mar 9, 10 AM CDT
    expect(relativeTime('2026-03-08T07:00:00Z', CHICAGO, now)).toBe('Sun'); // 1 AM CST, before the change
    expect(relativeTime('2026-03-09T05:30:00Z', CHICAGO, now)).toBe('12:30 AM');
    // Seven days back is a date, not a weekday that reads like today's.
    expect(relativeTime('2026-03-02T07:00:00Z', CHICAGO, now)).toBe('Mar 2');
  });

  it('keeps a day a day across the autumn change (a 25-hour day)', () => {
    const now = at('2026-11-02T05:30:00Z'); // Sun Nov 1, 11:30 PM CST
    expect(relativeTime('2026-11-01T05:10:00Z', CHICAGO, now)).toBe('12:10 AM'); // CDT, same day
    expect(relativeTime('2026-11-01T04:50:00Z', CHICAGO, now)).toBe('Sat'); // 11:50 PM CDT Saturday
    expect(relativeTime('2026-10-25T05:10:00Z', CHICAGO, now)).toBe('Oct 25');
    expect(relativeTime('2026-10-26T05:10:00Z', CHICAGO, now)).toBe('Mon');
  });
});
