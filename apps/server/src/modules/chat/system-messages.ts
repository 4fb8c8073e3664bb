/**
 * Messages the product writes itself (no human sender): schedule changes, safeguarding notes.
 * Stored in the caller's transaction with the members' unread counters; `emit` after commit.
 */
import { type ChatMessage, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { userRoom } from '../../realtime/rooms.ts';
import { presentMessage } from './messages.ts';

export type SystemPost = { message: ChatMessage; memberIds: number[]; emit: (io: Server) => void };

export async function postSystemMessage(
  tx: Db,
  roomId: number,
  content: string,
  metadata: Record<string, unknown> | null = null,
  /** Who caused it (a director moving a game): not told about their own change, no unread for them. */
  actorId: number | null = null,
): Promise<SystemPost> {
  const [room] = await tx
    .select({ id: chatRooms.id, uuid: chatRooms.uuid })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId))
    .for('update');
  if (!room) throw new Error(`room ${roomId} vanished before its system message`);
  const [row] = await tx
    .insert(chatMessages)
    .values({ roomId, senderId: null, content, messageType: 'SYSTEM', metadata })
    .returning();
  if (!row) throw new Error('system message insert returned nothing');
  await tx.update(chatRooms).set({ lastMessageAt: row.createdAt }).where(eq(chatRooms.id, roomId));
  const members = await tx
    .update(chatRoomMembers)
    .set({ unreadCount: sql`${chatRoomMembers.unreadCount} + 1` })
    .where(
      actorId === null
        ? eq(chatRoomMembers.roomId, roomId)
        : and(eq(chatRoomMembers.roomId, roomId), ne(chatRoomMembers.userId, actorId)),
    )
    .returning({ userId: chatRoomMembers.userId });
  const message = presentMessage(row, room, null);
  const memberIds = members.map((m) => m.userId);
  return {
    message,
    memberIds,
    emit: (io) => {
      if (memberIds.length === 0) return;
      const rooms = memberIds.map(userRoom);
      io.to(rooms).emit(SOCKET_EVENTS.chatMessageReceived, message);
      io.to(rooms).emit(SOCKET_EVENTS.tabUnreadCountUpdate, { roomId });
    },
  };
}
