import { describe, expect, it } from 'vitest';
import { dayLabel } from './message-list.tsx';

/** Local wall-clock times, the way the viewer sees them. */
const local = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

describe('dayLabel', () => {
  const now = local(2026, 3, 10, 9, 30);

  it("says 'Today' for any time of the current day", () => {
    expect(dayLabel(local(2026, 3, 10, 0, 0).toISOString(), now)).toBe('Today');
    expect(dayLabel(local(2026, 3, 10, 23, 59).toISOString(), now)).toBe('Today');
  });

  it("says 'Yesterday' for any time of the day before", () => {
    expect(dayLabel(local(2026, 3, 9, 0, 0).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(local(2026, 3, 9, 23, 59).toISOString(), now)).toBe('Yesterday');
  });

  it("says 'Yesterday' across a month and a year boundary", () => {
    expect(dayLabel(local(2026, 2, 28, 18).toISOString(), local(2026, 3, 1, 8))).toBe('Yesterday');
    expect(dayLabel(local(2025, 12, 31, 23, 30).toISOString(), local(2026, 1, 1, 0, 15))).toBe('Yesterday');
  });

  it('names the weekday and date without the year earlier this year', () => {
    expect(dayLabel(local(2026, 1, 5).toISOString(), now)).toBe('Monday, January 5');
    expect(dayLabel(local(2026, 3, 8).toISOString(), now)).toBe('Sunday, March 8');
  });

  it('adds the year for another year', () => {
    expect(dayLabel(local(2024, 1, 5).toISOString(), now)).toBe('Friday, January 5, 2024');
    expect(dayLabel(local(2025, 12, 30).toISOString(), local(2026, 1, 1, 10))).toBe('Tuesday, December 30, 2025');
  });
});
