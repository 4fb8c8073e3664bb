/**
 * Messages: stored exactly once per (sender, client id), in one transaction with the members'
 * unread counters; history pages backwards, forwards or around a message.
 */
import {
  type ChatMessage,
  changeNoticeSchema,
  type MessageAck,
  type MessageQuote,
  type MessageType,
  type Poll,
} from '@fieldhouse/shared';
import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatAttachments, chatMessages, chatRoomMembers, chatRooms, users } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import { ackSummaries } from '../announcements/summaries.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { loadQuote, loadQuotes } from '../message-controls/quotes.ts';
import { loadPolls } from './load-polls.ts';
import type { Room } from './rooms.ts';
import { sendBatcher } from './send-batcher.ts';
import { type MessageRow, type StoreOutcome, storeMessages } from './store-messages.ts';
import { type AttachmentRow, attachUploads, presentMedia } from './uploads.ts';

type Sender = Pick<AppUser, 'id' | 'firstName' | 'lastName' | 'userImage'> | null;

export function presentMessage(
  row: MessageRow,
  room: Pick<Room, 'id' | 'uuid'>,
  sender: Sender,
  media: AttachmentRow[] = [],
  poll: Poll | null = null,
  /** Who it asks to acknowledge and the viewer's state (decision 027); null when it asks nobody. */
  ack: MessageAck | null = null,
  /** The quote of the message it answers (decision 023), built by `loadQuotes`. */
  quote: MessageQuote | null = null,
): ChatMessage {
  return {
    id: row.id,
    uuid: row.uuid,
    sender: sender
      ? { id: sender.id, firstName: sender.firstName, lastName: sender.lastName, userImage: sender.userImage }
      : { id: 0, firstName: 'Fieldhouse' },
    content: row.deletedAt ? '' : row.content,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    unsent: row.deletedAt !== null,
    messageType: row.messageType,
    media: row.deletedAt ? [] : media.map(presentMedia),
    poll: row.deletedAt ? null : poll,
    ...noticeOf(row),
    ack: row.deletedAt ? null : ack,
    replyTo: row.replyToId === null ? null : quote,
    chatRoom: { id: room.id, uuid: room.uuid },
    ...(row.clientId ? { clientId: row.clientId } : {}),
  };
}

/** A calendar change notice stored with a SYSTEM message (decision 024); other metadata stays server-side. */
function noticeOf(row: MessageRow): Pick<ChatMessage, 'notice'> {
  if (row.messageType !== 'SYSTEM' || row.deletedAt || !row.metadata?.notice) return {};
  const parsed = changeNoticeSchema.safeParse(row.metadata.notice);
  return parsed.success ? { notice: parsed.data } : {};
}

export type SendInput = {
  content: string;
  messageType: MessageType;
  clientId?: string | undefined;
  attachmentIds?: string[];
  /** The message of the same room it answers (decision 023). */
  replyToId?: number | undefined;
};

/**
 * Stores a message and moves every member's counters in one statement (one round trip, one
 * snapshot); a resend with a known client id returns the stored one (`duplicate`) with the room's
 * members now, to hear it again (decision 037). Returns the members, so delivery needs no second
 * query. A held room (decision 018) refuses with 409. Runs on the handle it is given, so a
 * caller's transaction (a poll) holds it.
 */
export async function sendMessage(
  db: Db,
  sender: AppUser,
  room: Room,
  input: SendInput,
  /** Store it only if the sender is still a member when it is written (a removal since the check wins). */
  { memberOnly = false }: { memberOnly?: boolean } = {},
) {
  const sent = await storeMessage(db, sender, room.id, input, memberOnly, false);
  if (!sent && memberOnly) throw forbidden('You are not a member of this room');
  if (!sent) throw new Error('room vanished while sending');
  return sent;
}

/**
 * A member's message, with their membership checked inside the statement, so the common send
 * costs one round trip; sends arriving together share a statement and a commit (group commit,
 * `send-batcher.ts`). `null` when the sender is no member of the room (or there is no such room):
 * the caller then decides with `accessibleRoom`. Only for the database's own handle, never a
 * transaction's.
 */
export const sendAsMember = (db: Db, sender: AppUser, roomId: number, input: SendInput) =>
  storeMessage(db, sender, roomId, input, true, true);

async function storeMessage(
  db: Db,
  sender: AppUser,
  roomId: number,
  input: SendInput,
  memberOnly: boolean,
  /** Joins the group commit: only on the database's own handle. */
  batch: boolean,
) {
  const storeInput = {
    roomId,
    senderId: sender.id,
    clientId: input.clientId ?? null,
    content: input.content,
    messageType: input.messageType,
    replyToId: input.replyToId ?? null,
    memberOnly,
  };
  // Uploads are attached in the message's own transaction; a plain member's send joins a batch.
  if (input.attachmentIds?.length)
    return db.transaction(async (tx) => {
      const [outcome] = await storeMessages(tx as unknown as Db, [storeInput]);
      return present(tx as unknown as Db, sender, roomId, input, outcome as StoreOutcome);
    });
  const outcome = batch ? await sendBatcher(db).store(storeInput) : (await storeMessages(db, [storeInput]))[0];
  return present(db, sender, roomId, input, outcome as StoreOutcome);
}

/** The stored message as sent to clients, or the stored one for a resend; errors as the spec words them. */
async function present(tx: Db, sender: AppUser, roomId: number, input: SendInput, outcome: StoreOutcome) {
  if (!outcome.roomUuid) return null;
  const room = { id: roomId, uuid: outcome.roomUuid };
  // A room the safeguarding policy holds takes no one's messages until a second adult can see it.
  if (outcome.hold) throw conflict(outcome.hold, 'safeguarding_hold');
  // The same answer whether the original is in another room, another organization or nowhere.
  if (!outcome.replyOk) throw badRequest('You can only reply to a message of this conversation', 'reply_not_in_room');
  const inserted = outcome.message;
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, sender.id), eq(chatMessages.clientId, input.clientId as string)));
    if (!existing) throw new Error('message neither inserted nor found');
    // A client id names one message: reused for another conversation, it presents nothing of the
    // first one (its poll's votes, a quote's current words), which the sender may have left since.
    if (existing.roomId !== roomId)
      throw conflict('This message id was already used in another conversation', 'client_id_reused');
    const media = await tx.select().from(chatAttachments).where(eq(chatAttachments.messageId, existing.id));
    const poll = existing.messageType === 'POLL' ? (await loadPolls(tx, [existing.id])).get(existing.id) : undefined;
    // Its first delivery may have been lost (a node stopping, Redis away) while the client lost
    // the ack: the room's members now hear it again, and the apps merge it by id.
    const again =
      existing.roomId === roomId && existing.deletedAt === null
        ? await tx
            .select({ userId: chatRoomMembers.userId })
            .from(chatRoomMembers)
            .where(eq(chatRoomMembers.roomId, roomId))
        : [];
    return {
      message: presentMessage(
        existing,
        room,
        sender,
        media,
        poll ?? null,
        null,
        await loadQuote(tx, existing.replyToId),
      ),
      duplicate: true,
      memberIds: again.map((m) => m.userId),
    };
  }
  const media = await attachUploads(tx, sender.id, room.id, inserted.id, input.attachmentIds ?? []);
  return {
    message: presentMessage(inserted, room, sender, media, null, null, await loadQuote(tx, inserted.replyToId)),
    duplicate: false,
    memberIds: outcome.memberIds,
  };
}

export type HistoryQuery = {
  before?: number | undefined;
  after?: number | undefined;
  around?: number | undefined;
  limit: number;
};

/**
 * A page of a room's messages in stored order (oldest first), and whether more exist each way;
 * `viewerId` is whose `ack.mine` each message carries.
 */
export async function history(db: Db, room: Room, query: HistoryQuery, viewerId: number) {
  const select = () =>
    db
      .select({
        message: chatMessages,
        sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, userImage: users.userImage },
      })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.senderId));
  const older = async (beforeId: number | undefined, limit: number) =>
    (
      await select()
        .where(and(eq(chatMessages.roomId, room.id), beforeId ? lt(chatMessages.id, beforeId) : undefined))
        .orderBy(desc(chatMessages.id))
        .limit(limit + 1)
    ).reverse();
  const newer = (afterId: number, limit: number) =>
    select()
      .where(and(eq(chatMessages.roomId, room.id), gt(chatMessages.id, afterId)))
      .orderBy(asc(chatMessages.id))
      .limit(limit + 1);

  let rows: Awaited<ReturnType<typeof older>>;
  let hasOlder = false;
  let hasNewer = false;
  if (query.after !== undefined) {
    rows = await newer(query.after, query.limit);
    hasNewer = rows.length > query.limit;
    rows = rows.slice(0, query.limit);
    hasOlder = true;
  } else if (query.around !== undefined) {
    const half = Math.floor(query.limit / 2);
    const before = await older(query.around + 1, half);
    hasOlder = before.length > half;
    const after = await newer(query.around, query.limit - half);
    hasNewer = after.length > query.limit - half;
    rows = [...before.slice(hasOlder ? 1 : 0), ...after.slice(0, query.limit - half)];
  } else {
    rows = await older(query.before, query.limit);
    hasOlder = rows.length > query.limit;
    rows = rows.slice(hasOlder ? 1 : 0);
    hasNewer = query.before !== undefined;
  }
  const ids = rows.map((r) => r.message.id);
  const media = ids.length
    ? await db.select().from(chatAttachments).where(inArray(chatAttachments.messageId, ids))
    : [];
  // One more query for the page's polls, and none when it has no poll.
  const polls = await loadPolls(
    db,
    rows.filter((r) => r.message.messageType === 'POLL').map((r) => r.message.id),
  );
  // And one for the page's acknowledgement counts: only announcements and notices can ask.
  const acks = await ackSummaries(
    db,
    rows
      .filter((r) => r.message.messageType === 'ANNOUNCEMENT' || r.message.messageType === 'SYSTEM')
      .map((r) => r.message.id),
    viewerId,
  );
  const quotes = await loadQuotes(
    db,
    rows.map((r) => r.message.replyToId),
  );
  return {
    messages: rows.map((r) =>
      presentMessage(
        r.message,
        room,
        r.sender?.id ? (r.sender as Sender) : null,
        media.filter((m) => m.messageId === r.message.id),
        polls.get(r.message.id) ?? null,
        acks.get(r.message.id) ?? null,
        r.message.replyToId === null ? null : (quotes.get(r.message.replyToId) ?? null),
      ),
    ),
    hasOlder,
    hasNewer,
  };
}

/**
 * Marks everything up to the room's newest message read. A send holds the room's row lock while
 * it stores a message and counts it unread; holding that lock (shared) while reading the newest
 * message means no send lands between the two, so the count never drops a message it has not
 * shown (decision 017). Returns the reader's position before and after, and why they are in the
 * room, so read receipts are announced only when a participant's position moved (decision 023);
 * null when they are no member.
 */
export async function markRead(db: Db, roomId: number, userId: number) {
  return db.transaction(async (tx) => {
    await tx.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId)).for('share');
    // The FROM subquery reads the row as it was before this update: the previous position.
    const { rows } = await tx.execute<{ previous: number | null; current: number | null; reason: string }>(sql`
      update ${chatRoomMembers} as mem set unread_count = 0,
        last_read_message_id = (select max(id) from ${chatMessages} where room_id = ${roomId})
      from (select last_read_message_id from ${chatRoomMembers} where room_id = ${roomId} and user_id = ${userId}) as old
      where mem.room_id = ${roomId} and mem.user_id = ${userId}
      returning old.last_read_message_id as previous, mem.last_read_message_id as current, mem.reason`);
    const row = rows[0];
    if (!row) return null;
    const num = (v: number | null) => (v === null ? null : Number(v));
    return { previous: num(row.previous), current: num(row.current), reason: row.reason };
  });
}
