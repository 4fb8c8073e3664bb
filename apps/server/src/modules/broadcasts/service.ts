/**
 * Broadcasts (decision 029): send now, schedule, cancel, and the due ones going out. Each is one
 * transaction with its audit entry; sockets and notifications go out after the commit.
 */
import { BROADCAST_ERROR_IDS, type broadcastEditSchema, type broadcastSendSchema } from '@fieldhouse/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type BroadcastRow, broadcasts, organizations, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, HttpError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { resolveTeams } from './audience.ts';
import { deliverBroadcast } from './deliver.ts';
import { mayBroadcast } from './policies.ts';

type Effects = { io: Server; onEffectError: (error: unknown) => void };
type SendInput = z.output<typeof broadcastSendSchema>;
type EditInput = z.output<typeof broadcastEditSchema>;

const audienceWords = (row: Pick<BroadcastRow, 'audiences'>) =>
  row.audiences.map((a) => ({ ATHLETE: 'athletes', GUARDIAN: 'guardians', COACH: 'coaches' })[a]).join(', ');

/**
 * Stores the broadcast and, unless `sendAt` is later, posts it at once. A scheduled one checks
 * its teams now (a typo fails while the director is still there) and again when it goes out.
 */
export function sendBroadcast(
  db: Db,
  { io, onEffectError }: Effects,
  sender: AppUser,
  organizationId: number,
  input: SendInput,
) {
  const sendAt = input.sendAt ? new Date(input.sendAt) : null;
  if (sendAt && sendAt.getTime() <= Date.now())
    throw badRequest('sendAt must be in the future', 'broadcast_send_at_past');
  const targets = { teamIds: input.teamIds, seasons: input.seasons, everyone: input.everyone };
  return inTransaction(
    db,
    async (tx, afterCommit) => {
      const teams = await resolveTeams(tx, organizationId, targets);
      const [row] = await tx
        .insert(broadcasts)
        .values({
          organizationId,
          senderId: sender.id,
          content: input.content,
          audiences: input.audiences,
          targets,
          requireAck: input.requireAck,
          template: input.template ?? null,
          status: sendAt ? 'SCHEDULED' : 'SENT',
          sendAt,
          sentAt: sendAt ? null : sql`now()`,
        })
        .returning();
      if (!row) throw new Error('broadcast insert returned nothing');
      if (sendAt) {
        await recordAudit(tx, {
          organizationId,
          actorId: sender.id,
          action: 'broadcast.schedule',
          entityType: 'broadcast',
          entityId: row.id,
          summary: `Scheduled a broadcast to ${audienceWords(row)} of ${teams.length} team${teams.length === 1 ? '' : 's'} for ${sendAt.toISOString()}`,
          after: { targets, audiences: row.audiences, sendAt: sendAt.toISOString(), content: row.content },
        });
        return row;
      }
      const delivered = await deliverBroadcast(tx, sender, row);
      await auditSent(tx, sender.id, row, delivered.recipients);
      afterCommit(() => delivered.emit(io));
      return row;
    },
    onEffectError,
  );
}

const auditSent = (tx: Db, actorId: number | null, row: BroadcastRow, recipients: number) =>
  recordAudit(tx, {
    organizationId: row.organizationId,
    actorId,
    action: 'broadcast.send',
    entityType: 'broadcast',
    entityId: row.id,
    summary: `Sent a broadcast to ${audienceWords(row)}: ${recipients} ${recipients === 1 ? 'person' : 'people'}`,
    after: { targets: row.targets, audiences: row.audiences, recipients, content: row.content },
  });

/**
 * Rewrites a scheduled broadcast (words, whom, "Got it", when). The send job claims a due one
 * with `update … where status = 'SCHEDULED'`; this update carries the same condition, so one of
 * the two wins on the row lock: an edit that loses answers 409 and changes nothing, and a send
 * that loses finds it no longer due (or sends the edited words). The teams are checked as at
 * scheduling.
 */
export function editBroadcast(db: Db, user: AppUser, row: BroadcastRow, input: EditInput) {
  const sendAt = new Date(input.sendAt);
  if (sendAt.getTime() <= Date.now()) throw badRequest('sendAt must be in the future', 'broadcast_send_at_past');
  const targets = { teamIds: input.teamIds, seasons: input.seasons, everyone: input.everyone };
  return inTransaction(db, async (tx) => {
    const teams = await resolveTeams(tx, row.organizationId, targets);
    const [edited] = await tx
      .update(broadcasts)
      .set({
        content: input.content,
        audiences: input.audiences,
        targets,
        requireAck: input.requireAck,
        template: input.template ?? null,
        sendAt,
      })
      .where(and(eq(broadcasts.id, row.id), eq(broadcasts.status, 'SCHEDULED')))
      .returning();
    if (!edited) throw notScheduled('edited');
    await recordAudit(tx, {
      organizationId: row.organizationId,
      actorId: user.id,
      action: 'broadcast.edit',
      entityType: 'broadcast',
      entityId: row.id,
      summary: `Edited a scheduled broadcast to ${audienceWords(edited)} of ${teams.length} team${teams.length === 1 ? '' : 's'}, now for ${sendAt.toISOString()}`,
      before: {
        targets: row.targets,
        audiences: row.audiences,
        requireAck: row.requireAck,
        sendAt: row.sendAt?.toISOString() ?? null,
        content: row.content,
      },
      after: {
        targets,
        audiences: edited.audiences,
        requireAck: edited.requireAck,
        sendAt: sendAt.toISOString(),
        content: edited.content,
      },
    });
    return edited;
  });
}

/** 409 for a broadcast that already went out or was cancelled, saying which (read after the race). */
const notScheduled = (verb: 'edited' | 'cancelled') =>
  conflict(
    `This broadcast was already sent or cancelled, so it can no longer be ${verb}`,
    BROADCAST_ERROR_IDS.notScheduled,
  );

/** A scheduled broadcast that has not gone out yet is cancelled (409 once it has, or was). */
export function cancelBroadcast(db: Db, user: AppUser, row: BroadcastRow) {
  return inTransaction(db, async (tx) => {
    const [canceled] = await tx
      .update(broadcasts)
      .set({ status: 'CANCELED', canceledAt: sql`now()` })
      .where(and(eq(broadcasts.id, row.id), eq(broadcasts.status, 'SCHEDULED')))
      .returning();
    if (!canceled) throw notScheduled('cancelled');
    await recordAudit(tx, {
      organizationId: row.organizationId,
      actorId: user.id,
      action: 'broadcast.cancel',
      entityType: 'broadcast',
      entityId: row.id,
      summary: 'Cancelled a scheduled broadcast',
      before: { sendAt: row.sendAt?.toISOString() ?? null, content: row.content },
    });
    return canceled;
  });
}

/**
 * Sends every broadcast due by `now`, each in its own transaction that claims it (`SCHEDULED` →
 * `SENT` where still scheduled), so two nodes never send one twice. One that can no longer go
 * (its teams archived, nobody left, its sender gone) is cancelled with the reason in the audit.
 */
export async function sendDueBroadcasts(db: Db, effects: Effects, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(eq(broadcasts.status, 'SCHEDULED'), lte(broadcasts.sendAt, now)))
    .orderBy(broadcasts.sendAt)
    .limit(50);
  let sent = 0;
  for (const { id } of due) {
    try {
      if (await sendOne(db, effects, id)) sent += 1;
    } catch (error) {
      // A refusal (teams archived, nobody left, sender gone) will not pass later: cancel it, on the
      // record. Anything else (the database went away) leaves it scheduled for the next round.
      if (error instanceof HttpError) await cancelUndeliverable(db, id, error).catch(effects.onEffectError);
      else effects.onEffectError(error);
    }
  }
  return sent;
}

async function sendOne(db: Db, { io, onEffectError }: Effects, id: number) {
  return inTransaction(
    db,
    async (tx, afterCommit) => {
      const [row] = await tx
        .update(broadcasts)
        .set({ status: 'SENT', sentAt: sql`now()` })
        .where(and(eq(broadcasts.id, id), eq(broadcasts.status, 'SCHEDULED')))
        .returning();
      if (!row) return false;
      const [sender] = row.senderId ? await tx.select().from(users).where(eq(users.id, row.senderId)) : [];
      // As when it was scheduled: an active member of the athletic office of this school. A
      // sender suspended, made a coach or moved since does not send it.
      if (!sender || !mayBroadcast(sender, row.organizationId))
        throw badRequest('Its sender can no longer send', 'broadcast_sender_gone');
      const [school] = await tx
        .select({ deactivatedAt: organizations.deactivatedAt })
        .from(organizations)
        .where(eq(organizations.id, row.organizationId));
      if (school?.deactivatedAt) throw badRequest('Its school is deactivated', 'broadcast_school_deactivated');
      const delivered = await deliverBroadcast(tx, sender, row);
      await auditSent(tx, null, row, delivered.recipients);
      afterCommit(() => delivered.emit(io));
      return true;
    },
    onEffectError,
  );
}

async function cancelUndeliverable(db: Db, id: number, error: HttpError) {
  const reason = error.message;
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(broadcasts)
      .set({ status: 'CANCELED', canceledAt: sql`now()` })
      .where(and(eq(broadcasts.id, id), eq(broadcasts.status, 'SCHEDULED')))
      .returning();
    if (!row) return;
    await recordAudit(tx, {
      organizationId: row.organizationId,
      actorId: null,
      action: 'broadcast.cancel',
      entityType: 'broadcast',
      entityId: row.id,
      summary: `A scheduled broadcast could not be sent: ${reason}`,
      reason,
    });
  });
}
