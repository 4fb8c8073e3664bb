/**
 * What a calendar request body becomes: stored instants from wall times, the columns an update
 * touches, and the limits every event and series must keep.
 */
import {
  addDays,
  CALENDAR_LIMITS,
  type eventInputSchema,
  type eventUpdateSchema,
  normalizeWall,
  type Recurrence,
  wallStringToInstant,
} from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type calendarEvents, teams } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';

export type CreateInput = z.output<typeof eventInputSchema>;
export type UpdateInput = z.output<typeof eventUpdateSchema>;
export type NewRow = typeof calendarEvents.$inferInsert;

export const DAY = 86_400_000;

/** Wall strings of an input → stored instants (all-day: midnights, end exclusive). */
export function toInstants(allDay: boolean, start: string, end: string, timeZone: string) {
  if (allDay) {
    const first = start.slice(0, 10);
    const last = end.slice(0, 10);
    return {
      startsAt: wallStringToInstant(first, timeZone),
      endsAt: wallStringToInstant(addDays(last < first ? first : last, 1), timeZone),
    };
  }
  return { startsAt: wallStringToInstant(start, timeZone), endsAt: wallStringToInstant(end, timeZone) };
}

export function checkLength(startsAt: Date, endsAt: Date) {
  if (endsAt <= startsAt) throw badRequest('end must be after start');
  if (endsAt.getTime() - startsAt.getTime() > CALENDAR_LIMITS.maxEventDays * DAY) {
    throw badRequest(`An event lasts at most ${CALENDAR_LIMITS.maxEventDays} days`);
  }
}

export function checkRule(startDate: string, rule: Recurrence) {
  if (rule.until < startDate) throw badRequest('repeat.until must be on or after the start date');
  if (Date.parse(rule.until) - Date.parse(startDate) > CALENDAR_LIMITS.maxSeriesDays * DAY) {
    throw badRequest(`A series spans at most ${CALENDAR_LIMITS.maxSeriesDays} days`);
  }
}

/** A team an event is given: of the school and not archived (its past events keep it). */
export async function checkTeam(db: Db, organizationId: number, teamId: number | null | undefined) {
  if (!teamId) return;
  const [team] = await db
    .select({ status: teams.status })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)));
  if (!team) throw notFound('Team');
  if (team.status !== 'ACTIVE') throw badRequest('This team is archived', 'team_archived');
}

const TIME_FIELDS = ['start', 'end', 'allDay'] as const;
const CONTENT_FIELDS = [
  'type',
  'title',
  'teamId',
  'opponent',
  'homeAway',
  'location',
  'facilityId',
  'facility',
  'transportation',
  'notes',
  'status',
] as const;

/** The columns a body changes besides time (undefined: untouched; null clears). */
export function contentChanges(body: UpdateInput) {
  const set: Partial<NewRow> = {};
  for (const field of CONTENT_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (field === 'teamId') {
      set.teamId = value ? (value as number) : null;
    } else if (field === 'facilityId') {
      set.facilityId = value ? (value as number) : null;
    } else if (field === 'title' || field === 'type' || field === 'status') {
      if (value !== null) (set as Record<string, unknown>)[field] = value;
    } else {
      (set as Record<string, unknown>)[field] = value === '' ? null : value;
    }
  }
  return set;
}

/** New start/end from the body, given the current wall times of what is edited. */
export function newTimes(
  body: UpdateInput,
  current: { localStart: string; localEnd: string; allDay: boolean },
  timeZone: string,
) {
  if (!TIME_FIELDS.some((f) => body[f] !== undefined)) return null;
  const allDay = body.allDay ?? current.allDay;
  let start = body.start ?? current.localStart;
  let end = body.end ?? current.localEnd;
  if (allDay && !current.allDay && body.end === undefined) end = start;
  if (allDay && current.allDay && body.end === undefined && body.start === undefined) {
    end = addDays(current.localEnd.slice(0, 10), -1);
  } else if (allDay && current.allDay && body.end === undefined) {
    // Moving an all-day event keeps its length.
    const days = (Date.parse(current.localEnd.slice(0, 10)) - Date.parse(current.localStart.slice(0, 10))) / DAY;
    end = addDays(start.slice(0, 10), days - 1);
  }
  if (!allDay && current.allDay) {
    if (body.start !== undefined && start.length === 10) start = `${start}T09:00`;
    if (body.end === undefined) end = `${start.slice(0, 10)}T${start.length > 10 ? addHour(start) : '10:00'}`;
  }
  start = allDay ? start.slice(0, 10) : normalizeWall(start);
  end = allDay ? end.slice(0, 10) : normalizeWall(end);
  const times = toInstants(allDay, start, end, timeZone);
  checkLength(times.startsAt, times.endsAt);
  return { ...times, allDay };
}

function addHour(wall: string) {
  const hour = Math.min(23, Number(wall.slice(11, 13)) + 1);
  return `${String(hour).padStart(2, '0')}:${wall.slice(14, 16)}`;
}
