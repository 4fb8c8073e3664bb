import type { CalendarOccurrence } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { linkedOccurrence } from './linked-occurrence.ts';

const occurrence = (o: Partial<CalendarOccurrence>) => o as CalendarOccurrence;
const single = occurrence({ key: '3', eventId: 3, seriesId: null, localStart: '2026-12-01T15:30' });
const first = occurrence({
  key: '9@2026-12-02T15:30:00.000Z',
  eventId: 9,
  seriesId: 9,
  localStart: '2026-12-02T10:30',
});
const second = occurrence({
  key: '9@2026-12-09T15:30:00.000Z',
  eventId: 9,
  seriesId: 9,
  localStart: '2026-12-09T10:30',
});
// A moved occurrence has its own exception row, still of the series.
const moved = occurrence({
  key: '9@2026-12-16T15:30:00.000Z',
  eventId: 14,
  seriesId: 9,
  localStart: '2026-12-17T10:30',
});
const list = [single, first, second, moved];

describe('linkedOccurrence', () => {
  it('finds a single event by its id', () => expect(linkedOccurrence(list, '3', '2026-12-01')).toBe(single));
  it('finds a series’ occurrence on the date', () => {
    expect(linkedOccurrence(list, '9', '2026-12-09')).toBe(second);
    expect(linkedOccurrence(list, '9', '2026-12-17')).toBe(moved);
  });
  it('falls back to the series’ next occurrence', () => expect(linkedOccurrence(list, '9', '2027-01-01')).toBe(first));
  it('takes an occurrence key as it is', () => expect(linkedOccurrence(list, second.key, undefined)).toBe(second));
  it('finds nothing for an event not on the schedule', () => {
    expect(linkedOccurrence(list, '77', '2026-12-01')).toBeNull();
    expect(linkedOccurrence(list, 'x', undefined)).toBeNull();
    expect(linkedOccurrence(list, undefined, '2026-12-01')).toBeNull();
  });
});
