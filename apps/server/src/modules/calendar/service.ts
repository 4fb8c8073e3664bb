/**
 * Changing the calendar: create, update (one occurrence, this and following, or the series),
 * status changes and deletes. Each change runs in one transaction that first takes the
 * organization's calendar lock, so its reads (the series, the conflict check) and its writes
 * (rows, audit entry, the team's system message) see no other change in between; conflicts
 * need `confirmConflicts` to pass. Socket events go out after the commit (decision 017).
 */
import {
  addDays,
  CALENDAR_LIMITS,
  type CalendarConflict,
  type EditScope,
  EVENT_TYPE_LABELS,
  type EventStatus,
  type eventInputSchema,
  type eventUpdateSchema,
  normalizeWall,
  type Recurrence,
  toWallString,
  WEEKDAYS,
  type Weekday,
  wallStringToInstant,
} from '@fieldhouse/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type CalendarEventRow, calendarEvents, teams } from '../../db/schema/index.ts';
import { type AfterCommit, inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { type Announcement, announceToTeam, calendarChanged } from './announce.ts';
import { findConflicts, findEvent, organizationZone, presentOccurrence, seriesShape, teamInfo } from './occurrences.ts';
import { expandSeries, firstMatchingDate, occurrenceOn, recurrenceDates, seriesEnd } from './recurrence.ts';

type CreateInput = z.output<typeof eventInputSchema>;
type UpdateInput = z.output<typeof eventUpdateSchema>;
type NewRow = typeof calendarEvents.$inferInsert;

export type Outcome<T> = { kind: 'ok'; value: T } | { kind: 'conflicts'; conflicts: CalendarConflict[] };

const DAY = 86_400_000;

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

function checkLength(startsAt: Date, endsAt: Date) {
  if (endsAt <= startsAt) throw badRequest('end must be after start');
  if (endsAt.getTime() - startsAt.getTime() > CALENDAR_LIMITS.maxEventDays * DAY) {
    throw badRequest(`An event lasts at most ${CALENDAR_LIMITS.maxEventDays} days`);
  }
}

function checkRule(startDate: string, rule: Recurrence) {
  if (rule.until < startDate) throw badRequest('repeat.until must be on or after the start date');
  if (Date.parse(rule.until) - Date.parse(startDate) > CALENDAR_LIMITS.maxSeriesDays * DAY) {
    throw badRequest(`A series spans at most ${CALENDAR_LIMITS.maxSeriesDays} days`);
  }
}

async function checkTeam(db: Db, organizationId: number, teamId: number | null | undefined) {
  if (!teamId) return;
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)));
  if (!team) throw notFound('Team');
}

/** A series starts on one of its weekdays: move start and end to the first matching date. */
function snapSeries(startsAt: Date, endsAt: Date, rule: Recurrence, timeZone: string) {
  const localStart = toWallString(startsAt, timeZone);
  const localEnd = toWallString(endsAt, timeZone);
  const first = firstMatchingDate(localStart.slice(0, 10), rule.byDay);
  const occurrence = occurrenceOn({ localStart, localEnd }, first, timeZone);
  const shape = { localStart: occurrence.localStart, localEnd: occurrence.localEnd, rule };
  return { startsAt: occurrence.start, endsAt: occurrence.end, recurrenceEndsAt: seriesEnd(shape, timeZone) };
}

/** Every interval a row would occupy (a series: all its remaining dates). */
function intervalsOf(row: Pick<CalendarEventRow, 'startsAt' | 'endsAt' | 'recurrence'>, timeZone: string) {
  if (!row.recurrence) return [{ start: row.startsAt, end: row.endsAt }];
  const shape = {
    localStart: toWallString(row.startsAt, timeZone),
    localEnd: toWallString(row.endsAt, timeZone),
    rule: row.recurrence,
  };
  return expandSeries(shape, timeZone, row.startsAt, new Date(8.64e15)).map((o) => ({ start: o.start, end: o.end }));
}

const dateTime = (timeZone: string, allDay: boolean) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(allDay ? {} : { hour: 'numeric', minute: '2-digit' }),
  });

/** "Game vs Central High (Home)" / "Practice" — how messages and feeds name an event. */
export function eventLabel(row: Pick<CalendarEventRow, 'type' | 'title' | 'opponent' | 'homeAway'>) {
  if (row.type === 'GAME' && row.opponent) {
    const where = row.homeAway === 'HOME' ? ' (Home)' : row.homeAway === 'AWAY' ? ' (Away)' : '';
    const vs = row.homeAway === 'AWAY' ? 'at' : 'vs';
    return row.title.toLowerCase().includes(row.opponent.toLowerCase())
      ? `${row.title}${where}`
      : `${row.title}: ${vs} ${row.opponent}${where}`;
  }
  return row.title;
}

const whenText = (row: Pick<CalendarEventRow, 'startsAt' | 'allDay'>, timeZone: string) =>
  dateTime(timeZone, row.allDay).format(row.startsAt);

const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
const ruleText = (rule: Recurrence) =>
  `every ${rule.interval > 1 ? `${rule.interval} weeks on ` : ''}${[...rule.byDay]
    .sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b))
    .map((d) => WEEKDAY_NAMES[d])
    .join(', ')} until ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${rule.until}T12:00:00Z`),
  )}`;

type Change = 'create' | 'move' | 'postpone' | 'cancel' | 'reschedule' | 'delete' | 'update';

function messageFor(change: Change, row: CalendarEventRow, timeZone: string, before?: CalendarEventRow) {
  const label = eventLabel(row);
  const when = whenText(row, timeZone);
  const place = row.location ?? row.facility;
  const at = place ? ` at ${place}` : '';
  const kind = EVENT_TYPE_LABELS[row.type].toLowerCase();
  switch (change) {
    case 'create':
      return row.recurrence
        ? `New ${kind} series: ${label}, ${when}, ${ruleText(row.recurrence)}${at}.`
        : `New ${kind}: ${label}, ${when}${at}.`;
    case 'move':
      return `Schedule change: ${label} moved to ${when}${at}${before ? ` (was ${whenText(before, timeZone)})` : ''}.`;
    case 'postpone':
      return `Postponed: ${label} on ${when}. A new date will follow.`;
    case 'cancel':
      return `Cancelled: ${label} on ${when}.`;
    case 'reschedule':
      return `Back on the schedule: ${label}, ${when}${at}.`;
    case 'delete':
      return `Removed from the schedule: ${label} on ${when}.`;
    default:
      return `Updated: ${label}, ${when}${at}.`;
  }
}

const TITLES: Record<Change, string> = {
  create: 'New on the schedule',
  move: 'Schedule change',
  postpone: 'Event postponed',
  cancel: 'Event cancelled',
  reschedule: 'Event rescheduled',
  delete: 'Event removed',
  update: 'Event updated',
};

/** Posts the team message for changes people must hear about; others stay quiet. */
async function announce(
  tx: Db,
  change: Change,
  row: CalendarEventRow,
  timeZone: string,
  before?: CalendarEventRow,
  actorId: number | null = null,
): Promise<Announcement | null> {
  if (!row.teamId || change === 'update') return null;
  return announceToTeam(tx, {
    actorId,
    organizationId: row.organizationId,
    teamId: row.teamId,
    title: TITLES[change],
    content: messageFor(change, row, timeZone, before),
    actionUrl: `/calendar?date=${toWallString(row.startsAt, timeZone).slice(0, 10)}&event=${row.seriesId ?? row.id}`,
  });
}

const auditShape = (row: CalendarEventRow, timeZone: string) => ({
  type: row.type,
  title: row.title,
  teamId: row.teamId,
  start: toWallString(row.startsAt, timeZone),
  end: toWallString(row.endsAt, timeZone),
  allDay: row.allDay,
  status: row.status,
  facility: row.facility,
  location: row.location,
  repeat: row.recurrence ?? null,
  seriesId: row.seriesId,
  occurrenceStart: row.originalStartsAt?.toISOString() ?? null,
});

type Context = { app: FastifyInstance; actor: AppUser; organizationId: number; timeZone: string };
/** A context inside a change's transaction: `db` is the transaction. */
type TxContext = Context & { db: Db; afterCommit: AfterCommit };

/** Any number: it only has to differ from the other advisory locks' first key (migrations). */
const CALENDAR_LOCK = 0x63616c;

/**
 * Runs one calendar change in a transaction holding the organization's calendar lock: two
 * bookings, or two edits of one series, queue instead of both passing on what they read.
 */
export function calendarChange<T>(ctx: Context, work: (tx: TxContext) => Promise<T>): Promise<T> {
  return inTransaction(
    ctx.app.database.db,
    async (db, afterCommit) => {
      await db.execute(sql`select pg_advisory_xact_lock(${CALENDAR_LOCK}, ${ctx.organizationId})`);
      return work({ ...ctx, db, afterCommit });
    },
    (error) => ctx.app.log.error({ err: error }, 'calendar change: after-commit effect failed'),
  );
}

/** After the commit: the changes' team announcements, and the organization's calendars refetch. */
export function finish(ctx: TxContext, announcements: (Announcement | null)[]) {
  ctx.afterCommit(() => {
    for (const a of announcements) a?.emit(ctx.app.io);
    calendarChanged(ctx.app.io, ctx.organizationId);
  });
}

/** A row's writable columns: what an update sets or an insert copies. */
function columnsOf(row: CalendarEventRow) {
  const { id: _id, uuid: _uuid, createdAt: _c, updatedAt: _u, sequence: _s, ...values } = row;
  return values;
}

/** Writes a change in the caller's transaction; its announcement and the calendar change follow the commit. */
async function commit(
  ctx: TxContext,
  work: (tx: Db) => Promise<{ saved: CalendarEventRow; announcement: Announcement | null }>,
): Promise<Outcome<CalendarEventRow>> {
  const { saved, announcement } = await work(ctx.db);
  finish(ctx, [announcement]);
  return { kind: 'ok', value: saved };
}

export async function contextFor(app: FastifyInstance, actor: AppUser, organizationId: number): Promise<Context> {
  const { timezone } = await organizationZone(app.database.db, organizationId);
  return { app, actor, organizationId, timeZone: timezone };
}

export function createEvent(context: Context, input: CreateInput): Promise<Outcome<CalendarEventRow>> {
  return calendarChange(context, (ctx) => createIn(ctx, input));
}

async function createIn(ctx: TxContext, input: CreateInput): Promise<Outcome<CalendarEventRow>> {
  const { db } = ctx;
  await checkTeam(db, ctx.organizationId, input.teamId);
  let { startsAt, endsAt } = toInstants(input.allDay, input.start, input.end, ctx.timeZone);
  checkLength(startsAt, endsAt);
  let recurrenceEndsAt: Date | null = null;
  if (input.repeat) {
    checkRule(toWallString(startsAt, ctx.timeZone).slice(0, 10), input.repeat);
    ({ startsAt, endsAt, recurrenceEndsAt } = snapSeries(startsAt, endsAt, input.repeat, ctx.timeZone));
  }
  const values: NewRow = {
    organizationId: ctx.organizationId,
    teamId: input.teamId,
    type: input.type,
    title: input.title,
    opponent: input.opponent,
    homeAway: input.homeAway,
    allDay: input.allDay,
    startsAt,
    endsAt,
    location: input.location,
    facility: input.facility,
    transportation: input.transportation,
    notes: input.notes,
    status: input.status,
    recurrence: input.repeat,
    recurrenceEndsAt,
    createdById: ctx.actor.id,
  };
  if (input.status !== 'CANCELLED' && !input.confirmConflicts) {
    const conflicts = await findConflicts(db, ctx.organizationId, ctx.timeZone, {
      intervals: intervalsOf({ startsAt, endsAt, recurrence: input.repeat }, ctx.timeZone),
      teamId: input.teamId,
      facility: input.facility,
      excludeIds: [],
    });
    if (conflicts.length) return { kind: 'conflicts', conflicts };
  }
  return commit(ctx, async (tx) => {
    const [saved] = await tx.insert(calendarEvents).values(values).returning();
    if (!saved) throw new Error('event insert returned nothing');
    await recordAudit(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.actor.id,
      action: 'event.create',
      entityType: 'event',
      entityId: saved.id,
      summary: `Created ${EVENT_TYPE_LABELS[saved.type].toLowerCase()} “${eventLabel(saved)}”`,
      after: auditShape(saved, ctx.timeZone),
    });
    return { saved, announcement: await announce(tx, 'create', saved, ctx.timeZone, undefined, ctx.actor.id) };
  });
}

/** The original start of a series occurrence, checked against the series' dates. */
export function requireOccurrence(master: CalendarEventRow, occurrenceStart: string | undefined, timeZone: string) {
  if (!occurrenceStart) throw badRequest('occurrenceStart is required for this scope');
  const instant = new Date(occurrenceStart);
  const shape = seriesShape(master, timeZone);
  const dates = recurrenceDates(shape.localStart.slice(0, 10), shape.rule);
  const date = toWallString(instant, timeZone).slice(0, 10);
  if (!dates.includes(date)) throw notFound('Occurrence');
  const occurrence = occurrenceOn(shape, date, timeZone);
  if (occurrence.start.getTime() !== instant.getTime()) throw notFound('Occurrence');
  return occurrence;
}

const TIME_FIELDS = ['start', 'end', 'allDay'] as const;
const CONTENT_FIELDS = [
  'type',
  'title',
  'teamId',
  'opponent',
  'homeAway',
  'location',
  'facility',
  'transportation',
  'notes',
  'status',
] as const;

/** The columns a body changes besides time (undefined: untouched; null clears). */
function contentChanges(body: UpdateInput) {
  const set: Partial<NewRow> = {};
  for (const field of CONTENT_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (field === 'teamId') {
      set.teamId = value ? (value as number) : null;
    } else if (field === 'title' || field === 'type' || field === 'status') {
      if (value !== null) (set as Record<string, unknown>)[field] = value;
    } else {
      (set as Record<string, unknown>)[field] = value === '' ? null : value;
    }
  }
  return set;
}

/** New start/end from the body, given the current wall times of what is edited. */
function newTimes(
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

/** Which message a change deserves: moves, postponements and cancellations are news. */
function changeKind(before: CalendarEventRow, after: CalendarEventRow): Change {
  if (after.status !== before.status) {
    if (after.status === 'CANCELLED') return 'cancel';
    if (after.status === 'POSTPONED') return 'postpone';
    return 'reschedule';
  }
  if (after.startsAt.getTime() !== before.startsAt.getTime() || after.endsAt.getTime() !== before.endsAt.getTime()) {
    return 'move';
  }
  return 'update';
}

const AUDIT_ACTION: Record<Change, string> = {
  create: 'event.create',
  move: 'event.move',
  postpone: 'event.postpone',
  cancel: 'event.cancel',
  reschedule: 'event.update',
  delete: 'event.delete',
  update: 'event.update',
};

/** Inside a change's transaction: its audit entry and the team message, from before to saved. */
async function recordChange(
  tx: Db,
  ctx: TxContext,
  before: CalendarEventRow,
  saved: CalendarEventRow,
  summary: string | ((change: Change) => string),
) {
  const change = changeKind(before, saved);
  await recordAudit(tx, {
    organizationId: ctx.organizationId,
    actorId: ctx.actor.id,
    action: AUDIT_ACTION[change],
    entityType: 'event',
    entityId: saved.id,
    summary: typeof summary === 'string' ? summary : summary(change),
    before: auditShape(before, ctx.timeZone),
    after: auditShape(saved, ctx.timeZone),
  });
  return { saved, announcement: await announce(tx, change, saved, ctx.timeZone, before, ctx.actor.id) };
}

/** Ends a series the day before an occurrence: the rule stops there; later exdates and exceptions go. */
async function endSeriesBefore(
  tx: Db,
  master: CalendarEventRow,
  from: { start: Date; localStart: string },
  timeZone: string,
) {
  const shape = seriesShape(master, timeZone);
  const truncated: Recurrence = { ...shape.rule, until: addDays(from.localStart.slice(0, 10), -1) };
  await tx
    .update(calendarEvents)
    .set({
      recurrence: truncated,
      recurrenceEndsAt: seriesEnd({ ...shape, rule: truncated }, timeZone),
      exdates: master.exdates.filter((d) => new Date(d) < from.start),
      sequence: sql`${calendarEvents.sequence} + 1`,
    })
    .where(eq(calendarEvents.id, master.id));
  // Exceptions from the split on belonged to dates the old series no longer has.
  await tx
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.seriesId, master.id), gte(calendarEvents.originalStartsAt, from.start)));
}

/**
 * Applies an update. A single event changes in place; for a series the scope decides: the one
 * occurrence (an exception row), this and following (the series splits), or the whole series.
 */
export function updateEvent(context: Context, id: number, body: UpdateInput): Promise<Outcome<CalendarEventRow>> {
  return calendarChange(context, (ctx) => updateIn(ctx, id, body));
}

async function updateIn(ctx: TxContext, id: number, body: UpdateInput): Promise<Outcome<CalendarEventRow>> {
  const { db } = ctx;
  const { timeZone } = ctx;
  const row = await findEvent(db, ctx.organizationId, id);
  await checkTeam(db, ctx.organizationId, body.teamId);
  if (body.repeat !== undefined && body.scope === 'occurrence') {
    throw badRequest('repeat can only change for the series or this and following');
  }

  // An exception edited as part of its series acts on the series from its original date.
  if (row.seriesId && body.scope !== 'occurrence') {
    const master = await findEvent(db, ctx.organizationId, row.seriesId);
    return updateSeries(ctx, master, {
      ...body,
      occurrenceStart: row.originalStartsAt?.toISOString(),
    });
  }
  if (row.recurrence) return updateSeries(ctx, row, body);

  const content = contentChanges(body);
  const times = newTimes(
    body,
    {
      localStart: toWallString(row.startsAt, timeZone),
      localEnd: toWallString(row.endsAt, timeZone),
      allDay: row.allDay,
    },
    timeZone,
  );
  let recurrence: Recurrence | null = row.recurrence;
  let recurrenceEndsAt: Date | null = row.recurrenceEndsAt;
  const next = { ...row, ...content, ...(times ?? {}) } as CalendarEventRow;
  // A single event may become a series (not an exception: it belongs to one already).
  if (body.repeat && !row.seriesId) {
    checkRule(toWallString(next.startsAt, timeZone).slice(0, 10), body.repeat);
    const snapped = snapSeries(next.startsAt, next.endsAt, body.repeat, timeZone);
    next.startsAt = snapped.startsAt;
    next.endsAt = snapped.endsAt;
    recurrence = body.repeat;
    recurrenceEndsAt = snapped.recurrenceEndsAt;
  }
  next.recurrence = recurrence;
  next.recurrenceEndsAt = recurrenceEndsAt;
  const conflicts = await checkConflicts(ctx, body, row, next, [row.id, ...(row.seriesId ? [row.seriesId] : [])]);
  if (conflicts) return conflicts;
  return save(ctx, row, next);
}

async function checkConflicts(
  ctx: TxContext,
  body: UpdateInput,
  before: CalendarEventRow,
  next: CalendarEventRow,
  excludeIds: number[],
): Promise<Outcome<CalendarEventRow> | null> {
  if (body.confirmConflicts || next.status === 'CANCELLED') return null;
  const relevant =
    next.startsAt.getTime() !== before.startsAt.getTime() ||
    next.endsAt.getTime() !== before.endsAt.getTime() ||
    next.facility !== before.facility ||
    next.teamId !== before.teamId ||
    JSON.stringify(next.recurrence) !== JSON.stringify(before.recurrence) ||
    before.status === 'CANCELLED';
  if (!relevant) return null;
  const conflicts = await findConflicts(ctx.db, ctx.organizationId, ctx.timeZone, {
    intervals: intervalsOf(next, ctx.timeZone),
    teamId: next.teamId,
    facility: next.facility,
    excludeIds,
  });
  return conflicts.length ? { kind: 'conflicts', conflicts } : null;
}

/** Writes one row's new state with its audit entry and announcement. */
async function save(
  ctx: TxContext,
  before: CalendarEventRow,
  next: CalendarEventRow,
): Promise<Outcome<CalendarEventRow>> {
  return commit(ctx, async (tx) => {
    const [saved] = await tx
      .update(calendarEvents)
      .set({ ...columnsOf(next), sequence: sql`${calendarEvents.sequence} + 1` })
      .where(eq(calendarEvents.id, before.id))
      .returning();
    if (!saved) throw notFound('Event');
    return recordChange(
      tx,
      ctx,
      before,
      saved,
      (change) =>
        `${change === 'update' || change === 'reschedule' ? 'Updated' : change === 'move' ? 'Moved' : change === 'cancel' ? 'Cancelled' : 'Postponed'} “${eventLabel(saved)}”`,
    );
  });
}

async function updateSeries(
  ctx: TxContext,
  master: CalendarEventRow,
  body: UpdateInput,
): Promise<Outcome<CalendarEventRow>> {
  const { db } = ctx;
  const { timeZone } = ctx;
  const shape = seriesShape(master, timeZone);
  const content = contentChanges(body);

  if (body.scope === 'occurrence') {
    const occurrence = requireOccurrence(master, body.occurrenceStart, timeZone);
    const [existing] = await db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.seriesId, master.id), eq(calendarEvents.originalStartsAt, occurrence.start)));
    const current = existing ?? {
      ...master,
      seriesId: master.id,
      originalStartsAt: occurrence.start,
      startsAt: occurrence.start,
      endsAt: occurrence.end,
      recurrence: null,
      recurrenceEndsAt: null,
      exdates: [],
    };
    const times = newTimes(
      body,
      {
        localStart: toWallString(current.startsAt, timeZone),
        localEnd: toWallString(current.endsAt, timeZone),
        allDay: current.allDay,
      },
      timeZone,
    );
    const next = { ...current, ...content, ...(times ?? {}) } as CalendarEventRow;
    const conflicts = await checkConflicts(ctx, body, current as CalendarEventRow, next, [
      master.id,
      ...(existing ? [existing.id] : []),
    ]);
    if (conflicts) return conflicts;
    if (existing) return save(ctx, existing, next);
    return commit(ctx, async (tx) => {
      const [saved] = await tx
        .insert(calendarEvents)
        .values({ ...columnsOf(next), sequence: master.sequence + 1, createdById: ctx.actor.id })
        .returning();
      if (!saved) throw new Error('exception insert returned nothing');
      return recordChange(tx, ctx, current as CalendarEventRow, saved, `Changed one date of “${eventLabel(saved)}”`);
    });
  }

  // "This and following" from the first date is the whole series.
  const firstStart = master.startsAt.toISOString();
  const from =
    body.scope === 'following' && body.occurrenceStart && new Date(body.occurrenceStart).toISOString() !== firstStart
      ? requireOccurrence(master, body.occurrenceStart, timeZone)
      : null;
  if (body.scope === 'following' && !body.occurrenceStart)
    throw badRequest('occurrenceStart is required for this scope');

  // The occurrence the edit was made on anchors time changes: moving it by two days and an hour
  // moves every date (and the weekdays) the same way.
  const anchor = body.occurrenceStart
    ? requireOccurrence(master, body.occurrenceStart, timeZone)
    : occurrenceOn(shape, shape.localStart.slice(0, 10), timeZone);
  const base = from ?? occurrenceOn(shape, shape.localStart.slice(0, 10), timeZone);
  const times = newTimes(
    body,
    { localStart: anchor.localStart, localEnd: anchor.localEnd, allDay: master.allDay },
    timeZone,
  );
  let rule: Recurrence | null = body.repeat === undefined ? (master.recurrence as Recurrence) : body.repeat;
  let startsAt = base.start;
  let endsAt = base.end;
  if (times) {
    const newStart = toWallString(times.startsAt, timeZone);
    const newEnd = toWallString(times.endsAt, timeZone);
    const dayShift = (Date.parse(newStart.slice(0, 10)) - Date.parse(anchor.localStart.slice(0, 10))) / DAY;
    const span = (Date.parse(newEnd.slice(0, 10)) - Date.parse(newStart.slice(0, 10))) / DAY;
    const startDate = addDays(base.localStart.slice(0, 10), dayShift);
    const localStart = times.allDay ? `${startDate}T00:00` : `${startDate}T${newStart.slice(11, 16)}`;
    const localEnd = times.allDay
      ? `${addDays(startDate, span)}T00:00`
      : `${addDays(startDate, span)}T${newEnd.slice(11, 16)}`;
    startsAt = wallStringToInstant(localStart, timeZone);
    endsAt = wallStringToInstant(localEnd, timeZone);
    if (rule && dayShift !== 0 && body.repeat === undefined) {
      const shift = ((dayShift % 7) + 7) % 7;
      rule = { ...rule, byDay: rule.byDay.map((d) => WEEKDAYS[(WEEKDAYS.indexOf(d) + shift) % 7] as Weekday) };
    }
  }
  const next = {
    ...master,
    ...content,
    allDay: times?.allDay ?? master.allDay,
    startsAt,
    endsAt,
    recurrence: rule,
    recurrenceEndsAt: null as Date | null,
  } as CalendarEventRow;
  if (rule) {
    checkRule(toWallString(startsAt, timeZone).slice(0, 10), rule);
    const snapped = snapSeries(startsAt, endsAt, rule, timeZone);
    next.startsAt = snapped.startsAt;
    next.endsAt = snapped.endsAt;
    next.recurrenceEndsAt = snapped.recurrenceEndsAt;
  }
  const timingChanged =
    next.startsAt.getTime() !== base.start.getTime() ||
    next.endsAt.getTime() !== base.end.getTime() ||
    JSON.stringify(next.recurrence) !== JSON.stringify(master.recurrence) ||
    next.allDay !== master.allDay;
  const seriesBefore = { ...master, startsAt: base.start, endsAt: base.end } as CalendarEventRow;
  const conflicts = await checkConflicts(ctx, body, seriesBefore, next, [master.id]);
  if (conflicts) return conflicts;

  if (!from) {
    // The whole series. New timing drops its exceptions (their dates no longer exist);
    // otherwise the content change reaches the exceptions too.
    return commit(ctx, async (tx) => {
      const [saved] = await tx
        .update(calendarEvents)
        .set({
          ...columnsOf(next),
          exdates: timingChanged ? [] : master.exdates,
          sequence: sql`${calendarEvents.sequence} + 1`,
        })
        .where(eq(calendarEvents.id, master.id))
        .returning();
      if (!saved) throw notFound('Event');
      if (timingChanged) await tx.delete(calendarEvents).where(eq(calendarEvents.seriesId, master.id));
      else if (Object.keys(content).length) {
        // Every exception takes the content change in one statement.
        await tx
          .update(calendarEvents)
          .set({ ...content, sequence: sql`${calendarEvents.sequence} + 1` })
          .where(eq(calendarEvents.seriesId, master.id));
      }
      return recordChange(tx, ctx, master, saved, `Changed the series “${eventLabel(saved)}”`);
    });
  }

  // This and following: the old series ends the day before; a new series carries the change.
  const splitDate = from.localStart.slice(0, 10);
  return commit(ctx, async (tx) => {
    await endSeriesBefore(tx, master, from, timeZone);
    const [saved] = await tx
      .insert(calendarEvents)
      .values({ ...columnsOf(next), exdates: [], seriesId: null, originalStartsAt: null, createdById: ctx.actor.id })
      .returning();
    if (!saved) throw new Error('series insert returned nothing');
    return recordChange(
      tx,
      ctx,
      seriesBefore,
      saved,
      `Changed “${eventLabel(saved)}” from ${splitDate} on (split from series ${master.id})`,
    );
  });
}

export async function changeStatus(
  ctx: Context,
  id: number,
  input: { status: EventStatus; scope: EditScope; occurrenceStart?: string | undefined },
) {
  return updateEvent(ctx, id, {
    status: input.status,
    scope: input.scope,
    occurrenceStart: input.occurrenceStart,
    confirmConflicts: input.status !== 'SCHEDULED',
  } as UpdateInput);
}

/** Deletes an event, one date of a series (EXDATE), this and following, or the whole series. */
export function deleteEvent(
  context: Context,
  id: number,
  input: { scope: EditScope; occurrenceStart?: string | undefined },
) {
  return calendarChange(context, (ctx) => deleteIn(ctx, id, input));
}

async function deleteIn(ctx: TxContext, id: number, input: { scope: EditScope; occurrenceStart?: string | undefined }) {
  const { db: tx, timeZone } = ctx;
  // Read under the calendar lock: a parallel deletion of another date has committed or waits.
  const row = await findEvent(tx, ctx.organizationId, id);
  const master = row.seriesId ? await findEvent(tx, ctx.organizationId, row.seriesId) : row.recurrence ? row : null;
  const occurrenceStart = row.seriesId ? row.originalStartsAt?.toISOString() : input.occurrenceStart;

  const { announcement } = await (async () => {
    const audit = (target: CalendarEventRow, summary: string) =>
      recordAudit(tx, {
        organizationId: ctx.organizationId,
        actorId: ctx.actor.id,
        action: 'event.delete',
        entityType: 'event',
        entityId: target.id,
        summary,
        before: auditShape(target, timeZone),
      });
    if (!master || input.scope === 'series' || (master && !occurrenceStart)) {
      if (master && !occurrenceStart && input.scope !== 'series') {
        throw badRequest('occurrenceStart is required for this scope');
      }
      const target = master ?? row;
      await tx.delete(calendarEvents).where(eq(calendarEvents.id, target.id));
      await audit(target, `Deleted “${eventLabel(target)}”${master ? ' (whole series)' : ''}`);
      return { announcement: await announce(tx, 'delete', target, timeZone, undefined, ctx.actor.id) };
    }
    const occurrence = requireOccurrence(master, occurrenceStart, timeZone);
    if (input.scope === 'occurrence') {
      const key = occurrence.start.toISOString();
      // Appended and bumped in SQL: the statement never writes back a list it read earlier.
      const exdate = sql`jsonb_build_array(${key}::text)`;
      await tx
        .update(calendarEvents)
        .set({
          exdates: sql`case when ${calendarEvents.exdates} @> ${exdate} then ${calendarEvents.exdates} else ${calendarEvents.exdates} || ${exdate} end`,
          sequence: sql`${calendarEvents.sequence} + 1`,
        })
        .where(eq(calendarEvents.id, master.id));
      await tx
        .delete(calendarEvents)
        .where(and(eq(calendarEvents.seriesId, master.id), eq(calendarEvents.originalStartsAt, occurrence.start)));
      const shown = { ...(row.seriesId ? row : master), startsAt: occurrence.start, endsAt: occurrence.end };
      await audit(shown, `Deleted one date of “${eventLabel(master)}”`);
      return { announcement: await announce(tx, 'delete', shown, timeZone, undefined, ctx.actor.id) };
    }
    // This and following.
    const splitDate = occurrence.localStart.slice(0, 10);
    const shape = seriesShape(master, timeZone);
    const remaining = recurrenceDates(shape.localStart.slice(0, 10), shape.rule).filter((d) => d < splitDate);
    if (remaining.length === 0) {
      await tx.delete(calendarEvents).where(eq(calendarEvents.id, master.id));
    } else {
      await endSeriesBefore(tx, master, occurrence, timeZone);
    }
    await audit(master, `Deleted “${eventLabel(master)}” from ${splitDate} on`);
    const shown = { ...master, startsAt: occurrence.start, endsAt: occurrence.end };
    return { announcement: await announce(tx, 'delete', shown, timeZone, undefined, ctx.actor.id) };
  })();
  finish(ctx, [announcement]);
}

/** The stored event presented (not expanded): what the edit form starts from. */
export async function presentEvent(ctx: Context, row: CalendarEventRow) {
  const teamsById = await teamInfo(ctx.app.database.db, ctx.organizationId);
  return presentOccurrence(row, row.teamId ? (teamsById.get(row.teamId) ?? null) : null, ctx.timeZone);
}
