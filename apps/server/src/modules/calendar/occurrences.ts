/**
 * Reading the calendar: events of a range with series expanded in the organization's zone,
 * exceptions in place of the dates they replace, and the conflicts of a planned time.
 */
import type { CalendarConflict, CalendarOccurrence, EventStatus, EventType, Recurrence } from '@fieldhouse/shared';
import { toWallString } from '@fieldhouse/shared';
import { and, eq, gt, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CalendarEventRow, calendarEvents, organizations, sports, teams } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { expandSeries, type SeriesShape } from './recurrence.ts';

export type TeamInfo = { id: number; name: string; sportId: number; sportName: string };
export type Interval = { start: Date; end: Date };

export async function organizationZone(db: Db, organizationId: number) {
  const [org] = await db
    .select({ timezone: organizations.timezone, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw notFound('Organization');
  return org;
}

/** The wall-clock shape of a series row (its first occurrence and rule). */
export const seriesShape = (row: CalendarEventRow, timeZone: string): SeriesShape => ({
  localStart: toWallString(row.startsAt, timeZone),
  localEnd: toWallString(row.endsAt, timeZone),
  rule: row.recurrence as Recurrence,
});

export function presentOccurrence(
  row: CalendarEventRow,
  team: TeamInfo | null,
  timeZone: string,
  when?: { start: Date; end: Date; occurrenceStart: Date },
): CalendarOccurrence {
  const start = when?.start ?? row.startsAt;
  const end = when?.end ?? row.endsAt;
  const occurrenceStart = when?.occurrenceStart ?? row.originalStartsAt ?? null;
  const seriesId = row.seriesId ?? (row.recurrence ? row.id : null);
  return {
    key: seriesId && occurrenceStart ? `${seriesId}@${occurrenceStart.toISOString()}` : String(row.id),
    eventId: row.id,
    uuid: row.uuid,
    seriesId,
    occurrenceStart: occurrenceStart?.toISOString() ?? null,
    isException: row.seriesId !== null,
    type: row.type,
    title: row.title,
    team,
    opponent: row.opponent,
    homeAway: row.homeAway,
    allDay: row.allDay,
    start: start.toISOString(),
    end: end.toISOString(),
    localStart: toWallString(start, timeZone),
    localEnd: toWallString(end, timeZone),
    location: row.location,
    facilityId: row.facilityId,
    facility: row.facility,
    transportation: row.transportation,
    notes: row.notes,
    status: row.status,
    repeat: row.recurrence ?? null,
    sequence: row.sequence,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function teamInfo(db: Db, organizationId: number): Promise<Map<number, TeamInfo>> {
  const rows = await db
    .select({ id: teams.id, name: teams.name, sportId: teams.sportId, sportName: sports.name })
    .from(teams)
    .innerJoin(sports, eq(sports.id, teams.sportId))
    .where(eq(teams.organizationId, organizationId));
  return new Map(rows.map((r) => [r.id, r]));
}

export type OccurrenceFilter = {
  teamId?: number | undefined;
  sportId?: number | undefined;
  facilityId?: number | undefined;
  type?: EventType[] | undefined;
  status?: EventStatus[] | undefined;
};

/** Every occurrence overlapping [from, to), sorted by start, filters applied. */
export async function listOccurrences(
  db: Db,
  organizationId: number,
  timeZone: string,
  from: Date,
  to: Date,
  filter: OccurrenceFilter = {},
): Promise<CalendarOccurrence[]> {
  const overlaps = and(lt(calendarEvents.startsAt, to), gt(calendarEvents.endsAt, from));
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.organizationId, organizationId),
        or(
          overlaps,
          and(
            isNotNull(calendarEvents.recurrence),
            lt(calendarEvents.startsAt, to),
            gt(calendarEvents.recurrenceEndsAt, from),
          ),
        ),
      ),
    );
  const masters = rows.filter((r) => r.recurrence);
  // Every exception of those series replaces its date, even one moved outside the range.
  const exceptions = masters.length
    ? await db
        .select({ seriesId: calendarEvents.seriesId, originalStartsAt: calendarEvents.originalStartsAt })
        .from(calendarEvents)
        .where(
          inArray(
            calendarEvents.seriesId,
            masters.map((m) => m.id),
          ),
        )
    : [];
  const replaced = new Set(exceptions.map((e) => `${e.seriesId}@${e.originalStartsAt?.getTime()}`));
  const teamsById = await teamInfo(db, organizationId);
  const out: CalendarOccurrence[] = [];
  for (const row of rows) {
    const team = row.teamId ? (teamsById.get(row.teamId) ?? null) : null;
    if (!row.recurrence) {
      if (row.startsAt < to && row.endsAt > from) out.push(presentOccurrence(row, team, timeZone));
      continue;
    }
    const deleted = new Set(row.exdates.map((d) => new Date(d).getTime()));
    for (const o of expandSeries(seriesShape(row, timeZone), timeZone, from, to)) {
      const t = o.start.getTime();
      if (deleted.has(t) || replaced.has(`${row.id}@${t}`)) continue;
      out.push(presentOccurrence(row, team, timeZone, { start: o.start, end: o.end, occurrenceStart: o.start }));
    }
  }
  return out
    .filter(
      (o) =>
        (!filter.teamId || o.team?.id === filter.teamId) &&
        (!filter.sportId || o.team?.sportId === filter.sportId) &&
        (!filter.facilityId || o.facilityId === filter.facilityId) &&
        (!filter.type?.length || filter.type.includes(o.type)) &&
        (!filter.status?.length || filter.status.includes(o.status)),
    )
    .sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

type Place = { teamId: number | null; facility: string | null; facilityId?: number | null | undefined };

/**
 * The same facility: the same record when both name one; otherwise the same name (an import row
 * whose facility is not a record yet). Names are unique per school and events keep their
 * facility's name, so the two agree (decision 010).
 */
const sameFacility = (a: Place, b: Place) =>
  a.facilityId && b.facilityId
    ? a.facilityId === b.facilityId
    : !!a.facility && !!b.facility && a.facility.trim().toLowerCase() === b.facility.trim().toLowerCase();

/** The save rule (decision 010): the same facility first, else the same team; null when neither. */
export function conflictReason(planned: Place, other: Place): CalendarConflict['reason'] | null {
  if (sameFacility(planned, other)) return 'FACILITY';
  if (planned.teamId && other.teamId === planned.teamId) return 'TEAM';
  return null;
}

/**
 * Occurrences that a planned event would double-book: the same facility (record) or the same team at an
 * overlapping time. Cancelled events free their slot; the event's own series never conflicts.
 */
export async function findConflicts(
  db: Db,
  organizationId: number,
  timeZone: string,
  planned: { intervals: Interval[]; teamId: number | null; facilityId: number | null; excludeIds: number[] },
): Promise<CalendarConflict[]> {
  if (planned.intervals.length === 0 || (!planned.teamId && !planned.facilityId)) return [];
  const from = new Date(Math.min(...planned.intervals.map((i) => i.start.getTime())));
  const to = new Date(Math.max(...planned.intervals.map((i) => i.end.getTime())));
  const existing = await listOccurrences(db, organizationId, timeZone, from, to, {
    status: ['SCHEDULED', 'POSTPONED'],
  });
  const excluded = new Set(planned.excludeIds);
  const conflicts: CalendarConflict[] = [];
  for (const occurrence of existing) {
    if (excluded.has(occurrence.eventId) || (occurrence.seriesId && excluded.has(occurrence.seriesId))) continue;
    const start = Date.parse(occurrence.start);
    const end = Date.parse(occurrence.end);
    const overlaps = planned.intervals.some((i) => i.start.getTime() < end && i.end.getTime() > start);
    if (!overlaps) continue;
    const reason = conflictReason(
      { teamId: planned.teamId, facility: null, facilityId: planned.facilityId },
      { teamId: occurrence.team?.id ?? null, facility: occurrence.facility, facilityId: occurrence.facilityId },
    );
    if (reason) conflicts.push({ reason, occurrence });
    if (conflicts.length >= 50) break;
  }
  return conflicts;
}

/** An event row of the organization, or 404 (tenants never see each other's events). */
export async function findEvent(db: Db, organizationId: number, id: number) {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.organizationId, organizationId)));
  if (!row) throw notFound('Event');
  return row;
}
