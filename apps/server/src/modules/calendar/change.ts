/**
 * The frame of every calendar change: one transaction holding the organization's calendar lock,
 * with the socket events after the commit (decision 017).
 */
import type { CalendarConflict } from '@fieldhouse/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type CalendarEventRow, calendarEvents } from '../../db/schema/index.ts';
import { type AfterCommit, inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { type Announcement, calendarChanged } from './announce.ts';
import { eventLabel } from './change-notices.ts';
import { recordChange } from './change-record.ts';
import { organizationZone } from './occurrences.ts';

export type Outcome<T> = { kind: 'ok'; value: T } | { kind: 'conflicts'; conflicts: CalendarConflict[] };

export type Context = { app: FastifyInstance; actor: AppUser; organizationId: number; timeZone: string };
/** A context inside a change's transaction: `db` is the transaction. */
export type TxContext = Context & { db: Db; afterCommit: AfterCommit };

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
export function columnsOf(row: CalendarEventRow) {
  const { id: _id, uuid: _uuid, createdAt: _c, updatedAt: _u, sequence: _s, ...values } = row;
  return values;
}

/** Writes a change in the caller's transaction; its announcement and the calendar change follow the commit. */
export async function commit(
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

/** Writes one row's new state with its audit entry and announcement. */
export async function save(
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
