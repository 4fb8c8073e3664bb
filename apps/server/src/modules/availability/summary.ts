/**
 * The counts of every occurrence of a team in a range at once (team page, event lists): one
 * query for the answers, keyed like the calendar's occurrences (`<id>` or `<seriesId>@<start>`).
 */
import type { AvailabilitySummary, CalendarOccurrence } from '@fieldhouse/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventAvailability } from '../../db/schema/index.ts';
import { countOf } from './service.ts';

export async function summarize(
  db: Db,
  roster: number[],
  occurrences: CalendarOccurrence[],
): Promise<AvailabilitySummary> {
  const eventIds = [...new Set(occurrences.map((o) => o.seriesId ?? o.eventId))];
  const rows =
    eventIds.length === 0 || roster.length === 0
      ? []
      : await db
          .select({
            eventId: eventAvailability.eventId,
            athleteId: eventAvailability.athleteId,
            occurrenceStart: eventAvailability.occurrenceStart,
            status: eventAvailability.status,
          })
          .from(eventAvailability)
          .where(inArray(eventAvailability.eventId, eventIds));
  // "<event>:<athlete>" → the series answer; "<event>:<athlete>@<date>" → a date's own answer.
  const answers = new Map<string, (typeof rows)[number]['status']>();
  for (const row of rows) {
    const date = row.occurrenceStart ? `@${row.occurrenceStart.toISOString()}` : '';
    answers.set(`${row.eventId}:${row.athleteId}${date}`, row.status);
  }
  const summary: AvailabilitySummary = {};
  for (const occurrence of occurrences) {
    const eventId = occurrence.seriesId ?? occurrence.eventId;
    const date = occurrence.seriesId && occurrence.occurrenceStart ? `@${occurrence.occurrenceStart}` : '';
    summary[occurrence.key] = countOf(
      roster.map(
        (athlete) =>
          answers.get(`${eventId}:${athlete}${date}`) ??
          (date ? answers.get(`${eventId}:${athlete}`) : undefined) ??
          null,
      ),
    );
  }
  return summary;
}
