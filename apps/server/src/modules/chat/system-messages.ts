/**
 * Messages the product writes in a caller's transaction: schedule changes and safeguarding notes
 * (SYSTEM, no human sender), and a person's team announcement (ANNOUNCEMENT, decision 027).
 * Stored with the members' unread counters; `emit` after commit.
 */
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import { userRoom } from '../../realtime/rooms.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { presentMessage } from './messages.ts';

export type SystemPost = {
  message: ChatMessage;
  memberIds: number[];
  /**
   * Tells every member after the commit. `messageFor` gives a person their own copy (an
   * announcement's `ack.mine` differs between those it asks and the rest); members with the same
   * copy hear it in one emit.
   */
  emit: (io: Server, messageFor?: (userId: number) => ChatMessage) => void;
};

export async function postSystemMessage(
  tx: Db,
  roomId: number,
  content: string,
  metadata: Record<string, unknown> | null = null,
  /** Who caused it (a director moving a game): not told about their own change, no unread for them. */
  actorId: number | null = null,
): Promise<SystemPost> {
  return postInRoom(tx, roomId, { content, metadata, actorId, sender: null });
}

type Sender = Pick<AppUser, 'id' | 'firstName' | 'lastName' | 'userImage'>;

/**
 * A person's ANNOUNCEMENT in the caller's transaction (modules/announcements posts it). Like a
 * message, a room the safeguarding policy holds refuses it (409 `safeguarding_hold`); the sender
 * gets no unread count for it, and hears it live like every member.
 */
export function postAnnouncementMessage(tx: Db, roomId: number, sender: Sender, content: string) {
  return postInRoom(tx, roomId, { content, metadata: null, actorId: sender.id, sender });
}

async function postInRoom(
  tx: Db,
  roomId: number,
  input: { content: string; metadata: Record<string, unknown> | null; actorId: number | null; sender: Sender | null },
): Promise<SystemPost> {
  const [room] = await tx
    .select({ id: chatRooms.id, uuid: chatRooms.uuid, hold: chatRooms.safeguardingHold })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId))
    .for('update');
  if (!room) throw new Error(`room ${roomId} vanished before its message`);
  // The product's own notices still go to a held room (decision 018); a person's words do not.
  if (input.sender && room.hold) throw conflict(room.hold, 'safeguarding_hold');
  const [row] = await tx
    .insert(chatMessages)
    .values({
      roomId,
      senderId: input.sender?.id ?? null,
      content: input.content,
      messageType: input.sender ? 'ANNOUNCEMENT' : 'SYSTEM',
      metadata: input.metadata,
    })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  await tx.update(chatRooms).set({ lastMessageAt: row.createdAt }).where(eq(chatRooms.id, roomId));
  const { actorId } = input;
  const members = await tx
    .update(chatRoomMembers)
    .set({ unreadCount: sql`${chatRoomMembers.unreadCount} + 1` })
    .where(
      actorId === null
        ? eq(chatRoomMembers.roomId, roomId)
        : and(eq(chatRoomMembers.roomId, roomId), ne(chatRoomMembers.userId, actorId)),
    )
    .returning({ userId: chatRoomMembers.userId });
  const message = presentMessage(row, room, input.sender);
  const memberIds = members.map((m) => m.userId);
  // A sender hears their own announcement (their other tabs, the thread they posted from).
  const hearing = input.sender ? [...memberIds, input.sender.id] : memberIds;
  return {
    message,
    memberIds,
    emit: (io, messageFor) => {
      if (hearing.length === 0) return;
      const copies = new Map<ChatMessage, number[]>();
      for (const id of hearing) {
        const copy = messageFor?.(id) ?? message;
        copies.set(copy, [...(copies.get(copy) ?? []), id]);
      }
      for (const [copy, ids] of copies) io.to(ids.map(userRoom)).emit(SOCKET_EVENTS.chatMessageReceived, copy);
      io.to(hearing.map(userRoom)).emit(SOCKET_EVENTS.tabUnreadCountUpdate, { roomId });
    },
  };
}
