/**
 * Chat rooms and who is in them. Safeguarding (decision 008): when an adult and an athlete who
 * may be under 18 share a conversation, the athlete's guardians are members and see it.
 */
import { isAdminRole } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, chatRooms, teams } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { guardiansOf, teamPeople } from './audience.ts';

export type Room = typeof chatRooms.$inferSelect;

/** An athlete is a minor unless their date of birth says 18 or older (unknown counts as minor). */
export function isMinor(user: Pick<AppUser, 'role' | 'dateOfBirth'>, now = new Date()) {
  if (user.role !== 'ATHLETE') return false;
  if (!user.dateOfBirth) return true;
  const birth = new Date(`${user.dateOfBirth}T00:00:00Z`);
  const eighteenth = new Date(Date.UTC(birth.getUTCFullYear() + 18, birth.getUTCMonth(), birth.getUTCDate()));
  return now < eighteenth;
}

const isAdult = (user: Pick<AppUser, 'role'>) => user.role !== 'ATHLETE';

async function addMembers(db: Db, roomId: number, userIds: number[], reason = 'PARTICIPANT') {
  if (userIds.length === 0) return;
  await db
    .insert(chatRoomMembers)
    .values(userIds.map((userId) => ({ roomId, userId, reason })))
    .onConflictDoNothing();
}

/** The one direct room of two people of the same organization, created on first use. */
export async function ensureDirectRoom(db: Db, a: AppUser, b: AppUser): Promise<Room> {
  if (a.id === b.id) throw badRequest('userId: you cannot start a conversation with yourself');
  if (!a.organizationId || a.organizationId !== b.organizationId || b.status === 'DELETED') throw notFound('User');
  const directKey = `${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`;
  const [existing] = await db.select().from(chatRooms).where(eq(chatRooms.directKey, directKey));
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(chatRooms)
      .values({ organizationId: a.organizationId as number, kind: 'DIRECT', directKey })
      .onConflictDoNothing()
      .returning();
    const room = created ?? (await tx.select().from(chatRooms).where(eq(chatRooms.directKey, directKey)))[0];
    if (!room) throw new Error('direct room vanished');
    await addMembers(tx, room.id, [a.id, b.id]);
    const minors = [a, b].filter((p) => isMinor(p)).map((p) => p.id);
    if (minors.length && [a, b].some(isAdult)) await addMembers(tx, room.id, await guardiansOf(tx, minors), 'GUARDIAN');
    return room;
  });
}

/** A team's room: coaches, athletes and (safeguarding) the athletes' guardians. */
export async function ensureTeamRoom(db: Db, teamId: number): Promise<Room> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound('Team');
  let [room] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.teamId, teamId), eq(chatRooms.kind, 'TEAM')));
  if (!room) {
    [room] = await db
      .insert(chatRooms)
      .values({ organizationId: team.organizationId, kind: 'TEAM', teamId, name: team.name })
      .returning();
  }
  if (!room) throw new Error('team room insert returned nothing');
  const { athletes, coaches: coachIds } = await teamPeople(db, teamId);
  await addMembers(db, room.id, [...athletes, ...coachIds]);
  await addMembers(db, room.id, await guardiansOf(db, athletes), 'GUARDIAN');
  return room;
}

/**
 * The room if the user may use it: a member, or an administrator of its organization (who is
 * added as a member, so oversight is visible in the member list).
 */
export async function accessibleRoom(db: Db, user: AppUser, roomId: number): Promise<Room> {
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
  await addMembers(db, room.id, [user.id]);
  return room;
}
