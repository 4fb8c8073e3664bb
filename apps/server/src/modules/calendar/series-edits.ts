/**
 * Editing a series: one occurrence (an exception row), this and following (the series splits),
 * or the whole series; and the date arithmetic that keeps a series on its weekdays.
 */
import { addDays, type Recurrence, toWallString, wallStringToInstant } from '@fieldhouse/shared';
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CalendarEventRow, calendarEvents, eventAvailability } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { columnsOf, commit, type Outcome, save, type TxContext } from './change.ts';
import { eventLabel } from './change-notices.ts';
import { recordChange } from './change-record.ts';
import { checkAllConflicts, checkConflicts } from './conflicts.ts';
import { checkRule, contentChanges, DAY, newTimes, type UpdateInput } from './event-input.ts';
import { seriesShape } from './occurrences.ts';
import {
  firstMatchingDate,
  occurrenceOn,
  recurrenceDates,
  type SeriesShape,
  seriesEnd,
  shiftRule,
} from './recurrence.ts';

/** A series starts on one of its weekdays: move start and end to the first matching date (400 if none). */
export function snapSeries(startsAt: Date, endsAt: Date, rule: Recurrence, timeZone: string) {
  const localStart = toWallString(startsAt, timeZone);
  const localEnd = toWallString(endsAt, timeZone);
  const first = firstMatchingDate(localStart.slice(0, 10), rule);
  // Saved, such a series would never show, yet its "new practice" notice would go out.
  if (recurrenceDates(first, rule, 1).length === 0) {
    throw badRequest('The series has no dates: none of its days falls between the start and repeat.until');
  }
  const occurrence = occurrenceOn({ localStart, localEnd }, first, timeZone);
  const shape = { localStart: occurrence.localStart, localEnd: occurrence.localEnd, rule };
  return { startsAt: occurrence.start, endsAt: occurrence.end, recurrenceEndsAt: seriesEnd(shape, timeZone) };
}

/**
 * The original start of a series occurrence, checked against the series' dates. A deleted date
 * is gone: editing it would bring it back, deleting it again would notify twice.
 */
export function requireOccurrence(master: CalendarEventRow, occurrenceStart: string | undefined, timeZone: string) {
  if (!occurrenceStart) throw badRequest('occurrenceStart is required for this scope');
  const instant = new Date(occurrenceStart);
  if (master.exdates.some((d) => new Date(d).getTime() === instant.getTime())) throw notFound('Occurrence');
  const shape = seriesShape(master, timeZone);
  const dates = recurrenceDates(shape.localStart.slice(0, 10), shape.rule);
  const date = toWallString(instant, timeZone).slice(0, 10);
  if (!dates.includes(date)) throw notFound('Occurrence');
  const occurrence = occurrenceOn(shape, date, timeZone);
  if (occurrence.start.getTime() !== instant.getTime()) throw notFound('Occurrence');
  return occurrence;
}

/** Ends a series the day before an occurrence: the rule stops there; later exdates and exceptions go. */
export async function endSeriesBefore(
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

const dateIn = (instant: Date, timeZone: string) => toWallString(instant, timeZone).slice(0, 10);

/** EXDATEs on dates the new series still has, as that date's new occurrence start. */
function rekeyExdates(exdates: string[], after: SeriesShape | null, timeZone: string) {
  if (!after) return [];
  const dates = new Set(recurrenceDates(after.localStart.slice(0, 10), after.rule));
  return exdates
    .map((d) => dateIn(new Date(d), timeZone))
    .filter((date) => dates.has(date))
    .map((date) => occurrenceOn(after, date, timeZone).start.toISOString());
}

/**
 * Per-date availability answers (decision 022) follow their date to its new start, as the
 * exceptions and EXDATEs do. Answers for dates the series lost go, and so do answers keyed to no
 * date of the old series (left by a retime before this one), which could collide on the new key.
 */
async function rekeyAnswers(
  tx: Db,
  seriesId: number,
  before: SeriesShape,
  after: SeriesShape | null,
  timeZone: string,
) {
  const ofSeries = eq(eventAvailability.eventId, seriesId);
  const keys = await tx
    .selectDistinct({ start: eventAvailability.occurrenceStart })
    .from(eventAvailability)
    .where(and(ofSeries, isNotNull(eventAvailability.occurrenceStart)));
  const had = new Set(recurrenceDates(before.localStart.slice(0, 10), before.rule));
  const has = after ? new Set(recurrenceDates(after.localStart.slice(0, 10), after.rule)) : new Set<string>();
  const lost: Date[] = [];
  const moves: { from: Date; to: Date }[] = [];
  for (const { start } of keys) {
    if (!start) continue;
    const date = dateIn(start, timeZone);
    const current = had.has(date) && occurrenceOn(before, date, timeZone).start.getTime() === start.getTime();
    if (!after || !current || !has.has(date)) {
      lost.push(start);
      continue;
    }
    const to = occurrenceOn(after, date, timeZone).start;
    if (to.getTime() !== start.getTime()) moves.push({ from: start, to });
  }
  if (lost.length)
    await tx.delete(eventAvailability).where(and(ofSeries, inArray(eventAvailability.occurrenceStart, lost)));
  for (const { from, to } of moves) {
    // The answer is as old as it was: "answered at" must not become the time of the retime.
    await tx
      .update(eventAvailability)
      .set({ occurrenceStart: to, updatedAt: sql`${eventAvailability.updatedAt}` })
      .where(and(ofSeries, eq(eventAvailability.occurrenceStart, from)));
  }
}

/**
 * What each exception row becomes after a change of the whole series (null: dropped). A content
 * change reaches them all. After a timing change an exception whose original date the new rule
 * still has is re-keyed to that date's new start; if it kept the old series time it follows the
 * new one, if its own time had been moved it keeps it. Exceptions on dates the rule lost go.
 */
async function carriedExceptions(
  tx: Db,
  seriesId: number,
  timing: { before: SeriesShape; after: SeriesShape | null; allDay: boolean } | null,
  content: Partial<CalendarEventRow>,
  timeZone: string,
) {
  const exceptions = await tx.select().from(calendarEvents).where(eq(calendarEvents.seriesId, seriesId));
  if (!timing) return exceptions.map((row) => ({ row, next: { ...row, ...content } as CalendarEventRow }));
  const { before, after, allDay } = timing;
  const dates = after ? new Set(recurrenceDates(after.localStart.slice(0, 10), after.rule)) : new Set<string>();
  return exceptions.map((row) => {
    const date = row.originalStartsAt ? dateIn(row.originalStartsAt, timeZone) : null;
    if (!after || !date || !dates.has(date)) return { row, next: null };
    const old = occurrenceOn(before, date, timeZone);
    const moved = row.startsAt.getTime() !== old.start.getTime() || row.endsAt.getTime() !== old.end.getTime();
    const now = occurrenceOn(after, date, timeZone);
    const times = moved ? {} : { startsAt: now.start, endsAt: now.end, allDay };
    return { row, next: { ...row, ...content, originalStartsAt: now.start, ...times } as CalendarEventRow };
  });
}

/** Writes what carriedExceptions worked out after a timing change. */
async function carryExceptions(
  tx: Db,
  carried: { row: CalendarEventRow; next: CalendarEventRow | null }[],
  content: Partial<CalendarEventRow>,
) {
  for (const { row, next } of carried) {
    if (!next) {
      await tx.delete(calendarEvents).where(eq(calendarEvents.id, row.id));
      continue;
    }
    const { originalStartsAt, startsAt, endsAt, allDay } = next;
    await tx
      .update(calendarEvents)
      .set({ ...content, originalStartsAt, startsAt, endsAt, allDay, sequence: sql`${calendarEvents.sequence} + 1` })
      .where(eq(calendarEvents.id, row.id));
  }
}

export async function updateSeries(
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
      rule = shiftRule(rule, anchor.localStart.slice(0, 10), addDays(anchor.localStart.slice(0, 10), dayShift));
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
  const after = next.recurrence
    ? {
        localStart: toWallString(next.startsAt, timeZone),
        localEnd: toWallString(next.endsAt, timeZone),
        rule: next.recurrence as Recurrence,
      }
    : null;
  // A moved date keeps its own time, which the rule's dates do not cover, yet takes the new team
  // or facility: the whole series is checked with each of its exception rows as they will be.
  const carried = from
    ? []
    : await carriedExceptions(
        db,
        master.id,
        timingChanged ? { before: shape, after, allDay: next.allDay } : null,
        content,
        timeZone,
      );
  const changes = [{ before: seriesBefore, next }];
  for (const { row, next: exception } of carried) if (exception) changes.push({ before: row, next: exception });
  const conflicts = await checkAllConflicts(ctx, body, changes, [master.id]);
  if (conflicts) return conflicts;

  if (!from) {
    // The whole series. New timing keeps the exceptions and EXDATEs of dates the new rule still
    // has (re-keyed to the new start) and drops the rest; the content change reaches them too.
    return commit(ctx, async (tx) => {
      const [saved] = await tx
        .update(calendarEvents)
        .set({
          ...columnsOf(next),
          exdates: timingChanged ? rekeyExdates(master.exdates, after, timeZone) : master.exdates,
          sequence: sql`${calendarEvents.sequence} + 1`,
        })
        .where(eq(calendarEvents.id, master.id))
        .returning();
      if (!saved) throw notFound('Event');
      if (timingChanged) {
        await carryExceptions(tx, carried, content);
        await rekeyAnswers(tx, master.id, shape, after, timeZone);
      } else if (Object.keys(content).length) {
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
