/**
 * Chat polls: a poll is a POLL message (its content is the question, so room lists and
 * notifications read well) plus the poll and its options; votes replace the voter's earlier ones.
 */
import type { PollUpdate, pollCreateSchema } from '@fieldhouse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatPollOptions, chatPolls, chatPollVotes, chatRoomMembers } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';
import type { Emit } from '../safeguarding/reconcile.ts';
import { loadPolls, presentPoll } from './load-polls.ts';
import { sendMessage } from './messages.ts';
import { accessibleRoom, type Room } from './rooms.ts';

export type PollInput = Omit<z.infer<typeof pollCreateSchema>, 'roomId'>;

/** Stores the message, poll and options together; a resend with the same client id returns the stored poll. */
export async function createPoll(db: Db, sender: AppUser, room: Room, input: PollInput) {
  const closesAt = input.closesAt ? new Date(input.closesAt) : null;
  if (closesAt && closesAt.getTime() <= Date.now()) throw badRequest('closesAt: a poll must close in the future');
  if (new Set(input.options.map((o) => o.toLowerCase())).size !== input.options.length) {
    throw badRequest('options: each option may appear once', 'poll_duplicate_option');
  }
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The caller's accessibleRoom made the sender a member (or found them one); someone removed
    // since is refused here, inside the statement that stores it.
    const sent = await sendMessage(
      tx,
      sender,
      room,
      { content: input.question, messageType: 'POLL', clientId: input.clientId },
      { memberOnly: true },
    );
    if (sent.duplicate) return sent;
    const [poll] = await tx
      .insert(chatPolls)
      .values({ messageId: sent.message.id, question: input.question, multipleChoice: input.multipleChoice, closesAt })
      .returning();
    if (!poll) throw new Error('poll insert returned nothing');
    const options = await tx
      .insert(chatPollOptions)
      .values(input.options.map((text, position) => ({ pollId: poll.id, position, text })))
      .returning({ id: chatPollOptions.id, text: chatPollOptions.text });
    return { ...sent, message: { ...sent.message, poll: presentPoll(poll, options) } };
  });
}

/**
 * Records the user's choice (replacing any earlier one; an empty list withdraws it) and returns
 * the new tally with the room's members, who should hear of it, and (when an administrator's
 * vote made them a member) the room's change for open sockets, to run after the commit.
 */
export async function vote(
  db: Db,
  user: AppUser,
  pollId: number,
  optionIds: number[],
): Promise<{ update: PollUpdate; memberIds: number[]; roomChange: Emit }> {
  const chosen = [...new Set(optionIds)];
  let roomChange: Emit = () => {};
  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The row lock queues votes on one poll, so a voter's two tabs cannot each add a choice.
    const [found] = await tx
      .select({
        poll: chatPolls,
        roomId: chatMessages.roomId,
        deletedAt: chatMessages.deletedAt,
        closed: sql<boolean>`coalesce(${chatPolls.closesAt} <= now(), false)`,
      })
      .from(chatPolls)
      .innerJoin(chatMessages, eq(chatMessages.id, chatPolls.messageId))
      .where(eq(chatPolls.id, pollId))
      .for('update', { of: chatPolls });
    if (!found || found.deletedAt) throw notFound('Poll');
    const room = await accessibleRoom(tx, user, found.roomId, (emit) => {
      roomChange = emit;
    });
    // A held room takes nothing from anyone (decision 018): a vote would still signal.
    if (room.safeguardingHold) throw conflict(room.safeguardingHold, 'safeguarding_hold');
    if (found.closed) throw conflict('This poll is closed', 'poll_closed');
    if (!found.poll.multipleChoice && chosen.length > 1) {
      throw badRequest('optionIds: this poll takes one choice', 'poll_single_choice');
    }
    const options = new Set(
      (await tx.select({ id: chatPollOptions.id }).from(chatPollOptions).where(eq(chatPollOptions.pollId, pollId))).map(
        (o) => o.id,
      ),
    );
    if (chosen.some((id) => !options.has(id))) throw badRequest('optionIds: not an option of this poll', 'poll_option');

    await tx.delete(chatPollVotes).where(and(eq(chatPollVotes.pollId, pollId), eq(chatPollVotes.userId, user.id)));
    if (chosen.length) {
      await tx.insert(chatPollVotes).values(chosen.map((optionId) => ({ pollId, optionId, userId: user.id })));
    }
    const messageId = found.poll.messageId;
    const poll = (await loadPolls(tx, [messageId])).get(messageId);
    if (!poll) throw new Error('poll vanished while voting');
    const members = await tx
      .select({ id: chatRoomMembers.userId })
      .from(chatRoomMembers)
      .where(eq(chatRoomMembers.roomId, room.id));
    return { update: { roomId: room.id, messageId, poll }, memberIds: members.map((m) => m.id) };
  });
  return { ...result, roomChange };
}
