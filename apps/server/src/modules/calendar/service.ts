/**
 * Changing the calendar: create, update (one occurrence, this and following, or the series),
 * status changes and deletes. Each change runs in one transaction that first takes the
 * organization's calendar lock, so its reads (the series, the conflict check) and its writes
 * (rows, audit entry, the team's system message) see no other change in between; conflicts
 * need `confirmConflicts` to pass. Socket events go out after the commit (decision 017).
 *
 * The tasks live beside it: change.ts (the transaction frame), event-input.ts (request bodies),
 * series-edits.ts, conflicts.ts, change-notices.ts and change-record.ts (notice + audit).
 */
import { type EditScope, EVENT_TYPE_LABELS, type EventStatus, type Recurrence, toWallString } from '@fieldhouse/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type CalendarEventRow, calendarEvents } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { resolveEventFacility } from '../facilities/service.ts';
import { type Context, calendarChange, commit, finish, type Outcome, save, type TxContext } from './change.ts';
import { announce, eventLabel } from './change-notices.ts';
import { auditShape } from './change-record.ts';
import { checkConflicts, intervalsOf } from './conflicts.ts';
import {
  type CreateInput,
  checkLength,
  checkRule,
  checkTeam,
  contentChanges,
  type NewRow,
  newTimes,
  toInstants,
  type UpdateInput,
} from './event-input.ts';
import { findConflicts, findEvent, presentOccurrence, seriesShape, teamInfo } from './occurrences.ts';
import { recurrenceDates } from './recurrence.ts';
import { endSeriesBefore, requireOccurrence, snapSeries, updateSeries } from './series-edits.ts';

export function createEvent(context: Context, input: CreateInput): Promise<Outcome<CalendarEventRow>> {
  return calendarChange(context, (ctx) => createIn(ctx, input));
}

async function createIn(ctx: TxContext, input: CreateInput): Promise<Outcome<CalendarEventRow>> {
  const { db } = ctx;
  await checkTeam(db, ctx.organizationId, input.teamId);
  const place = (await resolveEventFacility(db, ctx.organizationId, input)) ?? { facilityId: null, facility: null };
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
    facilityId: place.facilityId,
    facility: place.facility,
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
      facilityId: place.facilityId,
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

/**
 * Applies an update. A single event changes in place; for a series the scope decides: the one
 * occurrence (an exception row), this and following (the series splits), or the whole series.
 */
export function updateEvent(context: Context, id: number, body: UpdateInput): Promise<Outcome<CalendarEventRow>> {
  return calendarChange(context, (ctx) => updateIn(ctx, id, body));
}

async function updateIn(ctx: TxContext, id: number, given: UpdateInput): Promise<Outcome<CalendarEventRow>> {
  const { db } = ctx;
  const { timeZone } = ctx;
  const row = await findEvent(db, ctx.organizationId, id);
  // An event of a team archived since keeps it: only a change of team is checked.
  if (given.teamId !== row.teamId) await checkTeam(db, ctx.organizationId, given.teamId);
  // The facility as a record (id and name together), whichever of the two the body named.
  const place = await resolveEventFacility(db, ctx.organizationId, given, row.facilityId);
  const body: UpdateInput = place ? { ...given, ...place } : given;
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
