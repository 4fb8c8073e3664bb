/**
 * Chat rooms and who may use them. Who is in a room is the safeguarding policy's answer
 * (modules/safeguarding, decision 018): rooms are made here and reconciled there, in the same
 * transaction. What open sockets must hear of it is handed to `onChange` once this function's
 * own transaction is done; a caller inside a larger transaction keeps it for after its commit.
 */
import { isAdminRole } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { assertMayStart } from '../contacts/start.ts';
import { lockSafeguarding } from '../safeguarding/lock.ts';
import { type Emit, reconcileRooms } from '../safeguarding/reconcile.ts';

export type Room = typeof chatRooms.$inferSelect;

/**
 * The one direct room of two people of the same organization, made on first use. Only the
 * people `a` may reach out to can be written to first (decision 026: 403 `contact_not_allowed`,
 * or 404 for a person `a` cannot see); an existing room stays open to its pair. A new room the
 * safeguarding policy could not keep observed is refused (409, the reason in the message) and
 * not made.
 */
export async function ensureDirectRoom(db: Db, a: AppUser, b: AppUser, onChange?: (emit: Emit) => void): Promise<Room> {
  if (a.id === b.id) throw badRequest('userId: you cannot start a conversation with yourself');
  if (!a.organizationId || a.organizationId !== b.organizationId || b.status === 'DELETED') throw notFound('User');
  const directKey = `${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`;
  const [existing] = await db.select().from(chatRooms).where(eq(chatRooms.directKey, directKey));
  if (existing) return existing;
  await assertMayStart(db, a, b);
  const { room, emit } = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(chatRooms)
      .values({ organizationId: a.organizationId as number, kind: 'DIRECT', directKey })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // Someone opened it at the same moment; theirs is the room.
      const [room] = await tx.select().from(chatRooms).where(eq(chatRooms.directKey, directKey));
      if (!room) throw new Error('direct room vanished');
      return { room, emit: () => {} };
    }
    const reconciled = await reconcileRooms(tx as unknown as Db, [created.id], 'room-created', [created.id]);
    const hold = reconciled.outcomes.get(created.id)?.hold;
    // Throwing rolls the new room back: the conversation is refused, not made and paused.
    if (hold) throw conflict(hold, 'safeguarding_refused');
    return { room: created, emit: reconciled.emit };
  });
  onChange?.(emit);
  return room;
}

/**
 * The room if the user may use it: a member, or an administrator of its organization opening a
 * team or group room (added with reason OVERSIGHT, so oversight is visible in the member list,
 * and the room reconciled: an adult joining may bring guardians in).
 */
export async function accessibleRoom(
  db: Db,
  user: AppUser,
  roomId: number,
  onChange?: (emit: Emit) => void,
): Promise<Room> {
  // One round trip: the room and whether the user is in it.
  const [found] = await db
    .select({ room: chatRooms, memberId: chatRoomMembers.userId })
    .from(chatRooms)
    .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, user.id)))
    .where(eq(chatRooms.id, roomId));
  if (!found) throw notFound('Room');
  const { room } = found;
  if (found.memberId !== null) return room;
  // Another organization's room does not exist, as far as this user can tell.
  if (user.role !== 'SUPER_ADMIN' && room.organizationId !== user.organizationId) throw notFound('Room');
  const admin = isAdminRole(user.role) && (user.role === 'SUPER_ADMIN' || user.organizationId === room.organizationId);
  // Other people's direct conversations are read only through supervision, with a reason on record.
  if (!admin || room.kind === 'DIRECT') throw forbidden('You are not a member of this room');
  const reconciled = await inTransaction(db, async (tx) => {
    await lockSafeguarding(tx, [room.organizationId]);
    await tx
      .insert(chatRoomMembers)
      .values({ roomId: room.id, userId: user.id, reason: 'OVERSIGHT' })
      .onConflictDoNothing();
    return reconcileRooms(tx, [room.id], 'oversight');
  });
  onChange?.(reconciled.emit);
  return room;
}

/** Whether the user is a member of the room now (any reason). */
export async function isRoomMember(db: Db, roomId: number, userId: number) {
  const [member] = await db
    .select({ userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)));
  return member !== undefined;
}
