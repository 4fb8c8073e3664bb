/** A change's audit entry and notice, written together in the change's transaction. */
import { toWallString } from '@fieldhouse/shared';
import type { Db } from '../../db/client.ts';
import type { CalendarEventRow } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record.ts';
import type { TxContext } from './change.ts';
import { announce, type Change, changeKind } from './change-notices.ts';

export const auditShape = (row: CalendarEventRow, timeZone: string) => ({
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
export async function recordChange(
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
