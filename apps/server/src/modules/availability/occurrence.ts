/**
 * Which date an answer is for. An answer is keyed by the single event or the series (never by an
 * exception row), so moving one date keeps its answers; an exception row names its series date.
 */
import { CALENDAR_LIMITS } from '@fieldhouse/shared';
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CalendarEventRow, calendarEvents } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../errors.ts';
import { listOccurrences } from '../calendar/occurrences.ts';
import { requireOccurrence } from '../calendar/series-edits.ts';

export type Target = {
  /** The single event or the series. */
  eventId: number;
  /** The series date (its original start); null: a single event, or a whole series. */
  occurrenceStart: Date | null;
  /** What the date is now (the exception row if it was changed): for status and end. */
  status: CalendarEventRow['status'];
  endsAt: Date;
  isSeries: boolean;
};

export async function targetOf(
  db: Db,
  row: CalendarEventRow,
  occurrenceStart: string | undefined,
  timeZone: string,
): Promise<Target> {
  if (row.seriesId !== null && row.originalStartsAt) {
    return {
      eventId: row.seriesId,
      occurrenceStart: row.originalStartsAt,
      status: row.status,
      endsAt: row.endsAt,
      isSeries: true,
    };
  }
  if (!row.recurrence)
    return { eventId: row.id, occurrenceStart: null, status: row.status, endsAt: row.endsAt, isSeries: false };
  if (!occurrenceStart) {
    return {
      eventId: row.id,
      occurrenceStart: null,
      status: row.status,
      endsAt: row.recurrenceEndsAt ?? row.endsAt,
      isSeries: true,
    };
  }
  const occurrence = requireOccurrence(row, occurrenceStart, timeZone);
  const [exception] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.seriesId, row.id), eq(calendarEvents.originalStartsAt, occurrence.start)));
  return {
    eventId: row.id,
    occurrenceStart: occurrence.start,
    status: exception?.status ?? row.status,
    endsAt: exception?.endsAt ?? occurrence.end,
    isSeries: true,
  };
}

/** Answers are for what is still ahead and on. */
export function checkOpen(target: Target, now = new Date()) {
  if (target.status === 'CANCELLED') throw conflict('This event is cancelled', 'event_cancelled');
  if (target.endsAt <= now) throw conflict('This event has already taken place', 'event_past');
}

/**
 * "This and every later date" (decision 022): the series dates from the target's on (by their
 * series date, so a moved date counts where it belongs) that are still ahead and not cancelled.
 */
export async function laterDates(
  db: Db,
  organizationId: number,
  target: Target,
  timeZone: string,
  now = new Date(),
): Promise<Date[]> {
  if (!target.isSeries) throw badRequest('This event is not part of a series', 'not_a_series');
  const from = target.occurrenceStart;
  if (!from) throw badRequest('Say which date of the series (occurrenceStart)');
  const [series] = await db
    .select({ endsAt: calendarEvents.recurrenceEndsAt })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, target.eventId));
  // A date moved past the series' end is still one of its dates.
  const [moved] = await db
    .select({ endsAt: max(calendarEvents.endsAt) })
    .from(calendarEvents)
    .where(eq(calendarEvents.seriesId, target.eventId));
  const fallback = new Date(now.getTime() + CALENDAR_LIMITS.maxRangeDays * 86_400_000);
  const until = new Date(Math.max(series?.endsAt?.getTime() ?? fallback.getTime(), moved?.endsAt?.getTime() ?? 0));
  if (until <= now) return [];
  const occurrences = await listOccurrences(db, organizationId, timeZone, now, until);
  return occurrences
    .filter(
      (o) =>
        o.seriesId === target.eventId &&
        o.occurrenceStart !== null &&
        Date.parse(o.occurrenceStart) >= from.getTime() &&
        o.status !== 'CANCELLED' &&
        Date.parse(o.end) > now.getTime(),
    )
    .map((o) => new Date(o.occurrenceStart as string));
}
