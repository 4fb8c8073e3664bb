/**
 * Editing and unsending one's own message (decision 023). Only the author, only a text message,
 * only inside MESSAGE_EDIT_WINDOW_MINUTES, only while still an active member of the room. Nothing
 * is ever thrown away: an edit files the replaced text in chat_message_versions, an unsend only
 * stamps deleted_at, so supervision still reads every word; each change is in the audit log.
 */
import { type ChatMessage, MESSAGE_EDIT_WINDOW_MINUTES, withinEditWindow } from '@fieldhouse/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatMessageVersions, chatRoomMembers, chatRooms, notifications } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { presentMessage } from '../chat/messages.ts';
import { messagePreview } from '../chat/notifications.ts';
import { holdOf } from '../safeguarding/held.ts';
import { loadQuote } from './quotes.ts';

type Room = typeof chatRooms.$inferSelect;

export type MessageChange = { message: ChatMessage; memberIds: number[] };

/** The message locked for change, once every rule allows the user to change it. */
async function changeableMessage(tx: Db, user: AppUser, messageId: number) {
  const [found] = await tx
    .select({ room: chatRooms })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(eq(chatMessages.id, messageId));
  // Another organization's message does not exist, as far as this user can tell.
  if (!found || (user.role !== 'SUPER_ADMIN' && found.room.organizationId !== user.organizationId)) {
    throw notFound('Message');
  }
  const { room } = found;
  // The room's hold under a share lock, then the message: in a send's order (room, then the
  // message a reply's key check locks), so the two cannot deadlock; a hold committing now is seen.
  const hold = await holdOf(tx, room.id);
  const [message] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId)).for('update');
  if (!message) throw notFound('Message');
  if (message.senderId !== user.id) throw forbidden('Only the sender can change a message', 'not_sender');
  if (user.status !== 'ACTIVE') throw forbidden('Your account cannot send messages', 'account_inactive');
  const [member] = await tx
    .select({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, user.id)));
  if (!member) throw forbidden('You are not a member of this room', 'not_member');
  if (message.deletedAt) throw conflict('This message was unsent', 'message_unsent');
  // Files and polls stay as sent: a file may be downloaded already and a poll has votes (decision 023).
  if (message.messageType !== 'TEXT') throw badRequest('Only text messages can be changed', 'message_not_text');
  if (!withinEditWindow(message.createdAt)) {
    throw conflict(
      `Messages can be changed for ${MESSAGE_EDIT_WINDOW_MINUTES} minutes after sending`,
      'edit_window_closed',
    );
  }
  // A held room takes no new words (decision 018), edits included.
  if (hold) throw conflict(hold, 'safeguarding_hold');
  return { message, room };
}

async function memberIds(tx: Db, roomId: number) {
  const rows = await tx
    .select({ id: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, roomId));
  return rows.map((r) => r.id);
}

/**
 * An unread notification still quoting this message now quotes the new text (or says it was
 * unsent): taking a message back must take it out of the bell too. By the message's id, so a
 * notice of someone else's message with the same words is left alone.
 */
async function requote(tx: Db, messageId: number, after: string) {
  await tx
    .update(notifications)
    .set({ message: after })
    .where(and(eq(notifications.messageId, messageId), isNull(notifications.readAt)));
}

/** The changed message as members read it, its quote included, so the client's copy keeps it. */
const presented = async (tx: Db, row: typeof chatMessages.$inferSelect, room: Room, user: AppUser) =>
  presentMessage(row, room, user, [], null, null, await loadQuote(tx, row.replyToId));

const inTx = <T>(db: Db, work: (tx: Db) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Db));

/** Replaces the text; the text it replaces is kept as a version, and the change audited. */
export function editMessage(db: Db, user: AppUser, messageId: number, content: string): Promise<MessageChange> {
  return inTx(db, async (tx) => {
    const { message, room } = await changeableMessage(tx, user, messageId);
    if (content === message.content) {
      return { message: await presented(tx, message, room, user), memberIds: [] };
    }
    await tx.insert(chatMessageVersions).values({
      messageId: message.id,
      content: message.content,
      writtenAt: message.editedAt ?? message.createdAt,
      editedBy: user.id,
    });
    const [edited] = await tx
      .update(chatMessages)
      .set({ content, editedAt: new Date() })
      .where(eq(chatMessages.id, message.id))
      .returning();
    if (!edited) throw new Error('message vanished while editing');
    await requote(tx, message.id, messagePreview(content));
    await recordAudit(tx, {
      organizationId: room.organizationId,
      actorId: user.id,
      action: 'message.edit',
      entityType: 'chat_message',
      entityId: message.id,
      summary: `Edited a message in conversation ${room.id}`,
      before: { content: message.content },
      after: { content },
    });
    return { message: await presented(tx, edited, room, user), memberIds: await memberIds(tx, room.id) };
  });
}

/** Takes the message back from the room; its text stays in the archive, marked unsent. */
export function unsendMessage(db: Db, user: AppUser, messageId: number): Promise<MessageChange> {
  return inTx(db, async (tx) => {
    const { message, room } = await changeableMessage(tx, user, messageId);
    const [unsent] = await tx
      .update(chatMessages)
      .set({ deletedAt: new Date() })
      .where(eq(chatMessages.id, message.id))
      .returning();
    if (!unsent) throw new Error('message vanished while unsending');
    await requote(tx, message.id, 'Message unsent');
    await recordAudit(tx, {
      organizationId: room.organizationId,
      actorId: user.id,
      action: 'message.unsend',
      entityType: 'chat_message',
      entityId: message.id,
      summary: `Unsent a message in conversation ${room.id}`,
      before: { content: message.content },
      after: null,
    });
    return { message: await presented(tx, unsent, room, user), memberIds: await memberIds(tx, room.id) };
  });
}
