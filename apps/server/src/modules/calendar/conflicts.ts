/** Whether a change collides with the team's or the facility's other events. */
import { type CalendarConflict, toWallString } from '@fieldhouse/shared';
import type { CalendarEventRow } from '../../db/schema/index.ts';
import type { Outcome, TxContext } from './change.ts';
import type { UpdateInput } from './event-input.ts';
import { findConflicts } from './occurrences.ts';
import { expandSeries } from './recurrence.ts';

/** Every interval a row would occupy (a series: all its remaining dates). */
export function intervalsOf(row: Pick<CalendarEventRow, 'startsAt' | 'endsAt' | 'recurrence'>, timeZone: string) {
  if (!row.recurrence) return [{ start: row.startsAt, end: row.endsAt }];
  const shape = {
    localStart: toWallString(row.startsAt, timeZone),
    localEnd: toWallString(row.endsAt, timeZone),
    rule: row.recurrence,
  };
  return expandSeries(shape, timeZone, row.startsAt, new Date(8.64e15)).map((o) => ({ start: o.start, end: o.end }));
}

export async function checkConflicts(
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
    next.facilityId !== before.facilityId ||
    next.teamId !== before.teamId ||
    JSON.stringify(next.recurrence) !== JSON.stringify(before.recurrence) ||
    before.status === 'CANCELLED';
  if (!relevant) return null;
  const conflicts = await findConflicts(ctx.db, ctx.organizationId, ctx.timeZone, {
    intervals: intervalsOf(next, ctx.timeZone),
    teamId: next.teamId,
    facilityId: next.facilityId,
    excludeIds,
  });
  return conflicts.length ? { kind: 'conflicts', conflicts } : null;
}

/** The conflicts of several rows changing together (a series and its exception rows), each listed once. */
export async function checkAllConflicts(
  ctx: TxContext,
  body: UpdateInput,
  changes: { before: CalendarEventRow; next: CalendarEventRow }[],
  excludeIds: number[],
): Promise<Outcome<CalendarEventRow> | null> {
  const found = new Map<string, CalendarConflict>();
  for (const { before, next } of changes) {
    const outcome = await checkConflicts(ctx, body, before, next, excludeIds);
    if (outcome?.kind !== 'conflicts') continue;
    for (const c of outcome.conflicts) found.set(`${c.reason}@${c.occurrence.key}`, c);
  }
  return found.size ? { kind: 'conflicts', conflicts: [...found.values()] } : null;
}
