/**
 * Read receipts (decision 023): a participant's read position is told to the room's other
 * members once it moved; observers' reading (guardians, the second adult, oversight) is not a
 * receipt and is not announced.
 */
import { type ReadUpdate, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers } from '../../db/schema/index.ts';
import { userRoom } from '../../realtime/rooms.ts';

export type ReadMove = { previous: number | null; current: number | null; reason: string };

/** Call after `markRead` committed: the other members hear `chat:read-update`. */
export async function announceRead(io: Server, db: Db, roomId: number, userId: number, move: ReadMove | null) {
  if (move?.reason !== 'PARTICIPANT' || move.current === null) return;
  if (move.previous !== null && move.current <= move.previous) return;
  const members = await db
    .select({ id: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), ne(chatRoomMembers.userId, userId)));
  if (!members.length) return;
  const update: ReadUpdate = { roomId, userId, lastReadMessageId: move.current };
  io.to(members.map((m) => userRoom(m.id))).emit(SOCKET_EVENTS.readUpdate, update);
}
