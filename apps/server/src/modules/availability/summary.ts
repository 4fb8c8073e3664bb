/**
 * The answers of many occurrences at once (team page, the member app's schedule): one query,
 * then each occurrence's answer per athlete — the date's own, else the series'. Occurrences are
 * keyed like the calendar's (`<id>` or `<seriesId>@<start>`).
 */
import type { AvailabilityStatus, AvailabilitySummary, CalendarOccurrence } from '@fieldhouse/shared';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventAvailability } from '../../db/schema/index.ts';
import { countOf } from './service.ts';

export type StoredAnswer = { status: AvailabilityStatus; note: string | null };
export type AnswerLookup = (occurrence: CalendarOccurrence, athleteId: number) => StoredAnswer | undefined;

export async function answerLookup(
  db: Db,
  athleteIds: number[],
  occurrences: CalendarOccurrence[],
): Promise<AnswerLookup> {
  const eventIds = [...new Set(occurrences.map((o) => o.seriesId ?? o.eventId))];
  const rows =
    eventIds.length === 0 || athleteIds.length === 0
      ? []
      : await db
          .select({
            eventId: eventAvailability.eventId,
            athleteId: eventAvailability.athleteId,
            occurrenceStart: eventAvailability.occurrenceStart,
            status: eventAvailability.status,
            note: eventAvailability.note,
          })
          .from(eventAvailability)
          .where(and(inArray(eventAvailability.eventId, eventIds), inArray(eventAvailability.athleteId, athleteIds)));
  // "<event>:<athlete>" → the series answer; "<event>:<athlete>@<date>" → a date's own answer.
  const answers = new Map<string, StoredAnswer>();
  for (const row of rows) {
    const date = row.occurrenceStart ? `@${row.occurrenceStart.toISOString()}` : '';
    answers.set(`${row.eventId}:${row.athleteId}${date}`, { status: row.status, note: row.note });
  }
  return (occurrence, athleteId) => {
    const eventId = occurrence.seriesId ?? occurrence.eventId;
    const date = occurrence.seriesId && occurrence.occurrenceStart ? `@${occurrence.occurrenceStart}` : '';
    return answers.get(`${eventId}:${athleteId}${date}`) ?? (date ? answers.get(`${eventId}:${athleteId}`) : undefined);
  };
}

/** Who is coming to each occurrence, over the roster. */
export async function summarize(
  db: Db,
  roster: number[],
  occurrences: CalendarOccurrence[],
): Promise<AvailabilitySummary> {
  const answer = await answerLookup(db, roster, occurrences);
  const summary: AvailabilitySummary = {};
  for (const occurrence of occurrences) {
    summary[occurrence.key] = countOf(roster.map((athlete) => answer(occurrence, athlete)?.status ?? null));
  }
  return summary;
}
