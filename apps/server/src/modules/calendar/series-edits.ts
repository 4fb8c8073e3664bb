/**
 * Editing a series: one occurrence (an exception row), this and following (the series splits),
 * or the whole series; and the date arithmetic that keeps a series on its weekdays.
 */
import {
  addDays,
  type Recurrence,
  toWallString,
  WEEKDAYS,
  type Weekday,
  wallStringToInstant,
} from '@fieldhouse/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CalendarEventRow, calendarEvents } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { columnsOf, commit, type Outcome, save, type TxContext } from './change.ts';
import { eventLabel } from './change-notices.ts';
import { recordChange } from './change-record.ts';
import { checkConflicts } from './conflicts.ts';
import { checkRule, contentChanges, DAY, newTimes, type UpdateInput } from './event-input.ts';
import { seriesShape } from './occurrences.ts';
import { firstMatchingDate, occurrenceOn, recurrenceDates, seriesEnd } from './recurrence.ts';

/** A series starts on one of its weekdays: move start and end to the first matching date. */
export function snapSeries(startsAt: Date, endsAt: Date, rule: Recurrence, timeZone: string) {
  const localStart = toWallString(startsAt, timeZone);
  const localEnd = toWallString(endsAt, timeZone);
  const first = firstMatchingDate(localStart.slice(0, 10), rule.byDay);
  const occurrence = occurrenceOn({ localStart, localEnd }, first, timeZone);
  const shape = { localStart: occurrence.localStart, localEnd: occurrence.localEnd, rule };
  return { startsAt: occurrence.start, endsAt: occurrence.end, recurrenceEndsAt: seriesEnd(shape, timeZone) };
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
