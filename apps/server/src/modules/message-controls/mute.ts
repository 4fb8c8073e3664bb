/**
 * Muting a room (decision 023): the member's own setting on their membership. A muted room still
 * counts unread (the list shows it), but new messages make no bell notification, so no push
 * either (push follows the bell), and the e-mail digest leaves the room out.
 */
import { isMuted, type MuteState, type RoomMuteInput, roomMuteSchema } from '@fieldhouse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';

/** SQL: the membership row `alias` is muted now (for queries that read memberships in bulk). */
export const mutedNow = (alias: string) =>
  sql.raw(`(${alias}.muted_at is not null and (${alias}.muted_until is null or ${alias}.muted_until > now()))`);

export const muteStateOf = (row: { mutedAt: Date | null; mutedUntil: Date | null }): MuteState =>
  isMuted(row.mutedAt, row.mutedUntil)
    ? { muted: true, mutedUntil: row.mutedUntil?.toISOString() ?? null }
    : { muted: false, mutedUntil: null };

/** Mutes or unmutes the caller's own membership; only a member can, and only their own. */
export async function setRoomMute(db: Db, user: AppUser, roomId: number, input: RoomMuteInput): Promise<MuteState> {
  const { muted, until } = roomMuteSchema.parse(input);
  const [room] = await db
    .select({ organizationId: chatRooms.organizationId })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId));
  // Another organization's room does not exist, as far as this user can tell (decision 007).
  if (!room || (user.role !== 'SUPER_ADMIN' && room.organizationId !== user.organizationId)) throw notFound('Room');
  if (muted && until !== null && Date.parse(until) <= Date.now()) {
    throw badRequest('Mute until a time still to come', 'mute_until_past');
  }
  const [row] = await db
    .update(chatRoomMembers)
    .set(
      muted ? { mutedAt: new Date(), mutedUntil: until ? new Date(until) : null } : { mutedAt: null, mutedUntil: null },
    )
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, user.id)))
    .returning({ mutedAt: chatRoomMembers.mutedAt, mutedUntil: chatRoomMembers.mutedUntil });
  if (!row) throw forbidden('You are not a member of this room', 'not_member');
  return muteStateOf(row);
}

/** Whether this user muted this room now (false when they are not in it). */
export async function viewerMuted(db: Db, roomId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ mutedAt: chatRoomMembers.mutedAt, mutedUntil: chatRoomMembers.mutedUntil })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)));
  return row ? isMuted(row.mutedAt, row.mutedUntil) : false;
}

/** Which of these memberships are muted now, as `roomId:userId`: their new messages do not notify. */
export async function mutedMemberships(
  db: Db,
  memberships: { roomId: number; userId: number }[],
): Promise<Set<string>> {
  if (!memberships.length) return new Set();
  // Rooms × people can hold more than the pairs asked; the few extra muted rows are dropped below.
  const rows = await db
    .select({ roomId: chatRoomMembers.roomId, userId: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(
      and(
        inArray(chatRoomMembers.roomId, [...new Set(memberships.map((m) => m.roomId))]),
        inArray(chatRoomMembers.userId, [...new Set(memberships.map((m) => m.userId))]),
        sql`${mutedNow('chat_room_members')}`,
      ),
    );
  const asked = new Set(memberships.map(membershipKey));
  return new Set(rows.map(membershipKey).filter((key) => asked.has(key)));
}

export const membershipKey = (m: { roomId: number; userId: number }) => `${m.roomId}:${m.userId}`;
