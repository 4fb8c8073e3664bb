import type { CalendarOccurrence } from '@fieldhouse/shared';

/**
 * The occurrence a notification's calendar link names (`?event=<id>&date=<YYYY-MM-DD>`, decision
 * 024): `event` is the event's id, or its series' id for a repeating event, whose occurrence is
 * the one on `date` (the school's calendar day) or else the next one listed.
 */
export function linkedOccurrence(
  occurrences: readonly CalendarOccurrence[],
  event: string | undefined,
  date: string | undefined,
): CalendarOccurrence | null {
  if (!event) return null;
  const exact = occurrences.find((o) => o.key === event);
  if (exact) return exact;
  const id = Number(event);
  if (!Number.isInteger(id)) return null;
  const ofSeries = occurrences.filter((o) => o.seriesId === id || o.eventId === id);
  return ofSeries.find((o) => date && o.localStart.startsWith(date)) ?? ofSeries[0] ?? null;
}
