/** Reading and giving availability (decision 022). */
import type { Availability, AvailabilityCounts, AvailabilityEntry, AvailabilityStatus } from '@fieldhouse/shared';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { eventAvailability, users } from '../../db/schema/index.ts';
import { rosterOf, type Viewer } from './access.ts';
import type { Target } from './occurrence.ts';

const repliedBy = alias(users, 'replied_by');

/** The answers that hold for a date: its own, else the series'. Newest first per athlete. */
async function answersFor(db: Db, target: Target, athleteIds: number[]) {
  if (athleteIds.length === 0) return new Map<number, Answer>();
  const dates = target.occurrenceStart
    ? or(isNull(eventAvailability.occurrenceStart), eq(eventAvailability.occurrenceStart, target.occurrenceStart))
    : isNull(eventAvailability.occurrenceStart);
  const rows = await db
    .select({
      athleteId: eventAvailability.athleteId,
      status: eventAvailability.status,
      note: eventAvailability.note,
      occurrenceStart: eventAvailability.occurrenceStart,
      updatedAt: eventAvailability.updatedAt,
      by: { id: repliedBy.id, firstName: repliedBy.firstName, lastName: repliedBy.lastName },
    })
    .from(eventAvailability)
    .leftJoin(repliedBy, eq(repliedBy.id, eventAvailability.repliedById))
    .where(and(eq(eventAvailability.eventId, target.eventId), inArray(eventAvailability.athleteId, athleteIds), dates));
  const answers = new Map<number, Answer>();
  for (const row of rows) {
    const current = answers.get(row.athleteId);
    // A date's own answer wins over the series' answer.
    if (!current || (current.occurrenceStart === null && row.occurrenceStart !== null)) answers.set(row.athleteId, row);
  }
  return answers;
}
type Answer = {
  status: AvailabilityStatus;
  note: string | null;
  occurrenceStart: Date | null;
  updatedAt: Date;
  by: { id: number; firstName: string; lastName: string | null } | null;
};

export function countOf(statuses: (AvailabilityStatus | null)[]): AvailabilityCounts {
  const counts = { going: 0, maybe: 0, notGoing: 0, noReply: 0 };
  for (const status of statuses) {
    if (status === 'GOING') counts.going++;
    else if (status === 'MAYBE') counts.maybe++;
    else if (status === 'NOT_GOING') counts.notGoing++;
    else counts.noReply++;
  }
  return counts;
}

/** The counts of the whole roster, and the entries the viewer may see. */
export async function readAvailability(db: Db, viewer: Viewer, teamId: number, target: Target): Promise<Availability> {
  const roster = await rosterOf(db, teamId);
  const answers = await answersFor(
    db,
    target,
    roster.map((a) => a.id),
  );
  const visible = viewer.kind === 'staff' ? roster : roster.filter((a) => viewer.athleteIds.includes(a.id));
  const entries: AvailabilityEntry[] = visible.map((athlete) => {
    const answer = answers.get(athlete.id);
    return {
      athlete,
      status: answer?.status ?? null,
      note: answer?.note ?? null,
      repliedBy: answer?.by ?? null,
      repliedAt: answer?.updatedAt.toISOString() ?? null,
      forSeries: target.isSeries && answer !== undefined && answer.occurrenceStart === null,
    };
  });
  return {
    eventId: target.eventId,
    occurrenceStart: target.occurrenceStart?.toISOString() ?? null,
    counts: countOf(roster.map((a) => answers.get(a.id)?.status ?? null)),
    entries,
  };
}

/** Saves one answer, replacing the athlete's earlier one for the same date or series. */
export async function giveAvailability(
  db: Db,
  input: { target: Target; athleteId: number; repliedById: number; status: AvailabilityStatus; note: string | null },
) {
  const values = {
    eventId: input.target.eventId,
    occurrenceStart: input.target.occurrenceStart,
    athleteId: input.athleteId,
    status: input.status,
    note: input.note,
    repliedById: input.repliedById,
  };
  const set = { status: input.status, note: input.note, repliedById: input.repliedById, updatedAt: new Date() };
  if (input.target.occurrenceStart) {
    await db
      .insert(eventAvailability)
      .values(values)
      .onConflictDoUpdate({
        target: [eventAvailability.eventId, eventAvailability.athleteId, eventAvailability.occurrenceStart],
        targetWhere: sql`occurrence_start is not null`,
        set,
      });
  } else {
    // An answer for the whole series replaces the athlete's answers for its dates still ahead.
    if (input.target.isSeries) {
      await db
        .delete(eventAvailability)
        .where(
          and(
            eq(eventAvailability.eventId, input.target.eventId),
            eq(eventAvailability.athleteId, input.athleteId),
            gte(eventAvailability.occurrenceStart, new Date()),
          ),
        );
    }
    await db
      .insert(eventAvailability)
      .values(values)
      .onConflictDoUpdate({
        target: [eventAvailability.eventId, eventAvailability.athleteId],
        targetWhere: sql`occurrence_start is null`,
        set,
      });
  }
}

/** One answer for many dates of a series at once (decision 022), each the date's own answer. */
export async function giveAvailabilityForDates(
  db: Db,
  input: {
    seriesId: number;
    dates: Date[];
    athleteId: number;
    repliedById: number;
    status: AvailabilityStatus;
    note: string | null;
  },
) {
  if (input.dates.length === 0) return;
  const { status, note, repliedById, athleteId } = input;
  await db
    .insert(eventAvailability)
    .values(
      input.dates.map((occurrenceStart) => ({
        eventId: input.seriesId,
        occurrenceStart,
        athleteId,
        status,
        note,
        repliedById,
      })),
    )
    .onConflictDoUpdate({
      target: [eventAvailability.eventId, eventAvailability.athleteId, eventAvailability.occurrenceStart],
      targetWhere: sql`occurrence_start is not null`,
      set: { status, note, repliedById, updatedAt: new Date() },
    });
}
