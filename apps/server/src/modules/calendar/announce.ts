/**
 * "One change everywhere": a schedule change posts a SYSTEM message (no human sender) into the
 * team's chat room and a notification to the team's coaches, athletes and guardians, written in
 * the change's transaction; the socket events go out after the commit.
 */
import { SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import {
  chatMessages,
  chatRoomMembers,
  chatRooms,
  coaches,
  guardianLinks,
  notifications,
  teamCoaches,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { organizationRoom, userRoom } from '../../realtime/rooms.ts';
import { presentMessage } from '../chat/messages.ts';
import { presentNotification } from '../chat/notifications.ts';
import { ensureTeamRoom } from '../chat/rooms.ts';

/** What to emit once the transaction has committed. */
export type Announcement = { emit: (io: Server) => void };

/** The team's coaches, athletes and the athletes' guardians (active accounts). */
export async function teamAudience(db: Db, teamId: number): Promise<number[]> {
  const athletes = (
    await db.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId))
  ).map((r) => r.id);
  const coachIds = (
    await db
      .select({ id: coaches.userId })
      .from(teamCoaches)
      .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
      .where(eq(teamCoaches.teamId, teamId))
  ).map((r) => r.id);
  const guardians = athletes.length
    ? (
        await db
          .select({ id: guardianLinks.guardianId })
          .from(guardianLinks)
          .where(inArray(guardianLinks.athleteId, athletes))
      ).map((r) => r.id)
    : [];
  const ids = [...new Set([...coachIds, ...athletes, ...guardians])];
  if (ids.length === 0) return [];
  const active = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), ne(users.status, 'DELETED')));
  return active.map((r) => r.id);
}

/**
 * Posts `content` as a SYSTEM message in the team's room and notifies the team. Call inside the
 * change's transaction; run the returned `emit` after it commits.
 */
export async function announceToTeam(
  db: Db,
  input: { organizationId: number; teamId: number; title: string; content: string; actionUrl: string },
): Promise<Announcement> {
  const room = await ensureTeamRoom(db, input.teamId);
  const [message] = await db
    .insert(chatMessages)
    .values({ roomId: room.id, senderId: null, content: input.content, messageType: 'SYSTEM' })
    .returning();
  if (!message) throw new Error('system message insert returned nothing');
  await db.update(chatRooms).set({ lastMessageAt: message.createdAt }).where(eq(chatRooms.id, room.id));
  const members = await db
    .update(chatRoomMembers)
    .set({ unreadCount: sql`${chatRoomMembers.unreadCount} + 1` })
    .where(eq(chatRoomMembers.roomId, room.id))
    .returning({ userId: chatRoomMembers.userId });
  const audience = await teamAudience(db, input.teamId);
  const stored = audience.length
    ? await db
        .insert(notifications)
        .values(
          audience.map((userId) => ({
            userId,
            title: input.title,
            message: input.content,
            type: 'event' as const,
            actionUrl: input.actionUrl,
          })),
        )
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.actionUrl],
          targetWhere: sql`read_at is null`,
          set: { title: sql`excluded.title`, message: sql`excluded.message`, createdAt: sql`now()` },
        })
        .returning()
    : [];
  const presented = presentMessage(message, room, null);
  return {
    emit: (io) => {
      const rooms = members.map((m) => userRoom(m.userId));
      if (rooms.length) {
        io.to(rooms).emit(SOCKET_EVENTS.chatMessageReceived, presented);
        io.to(rooms).emit(SOCKET_EVENTS.tabUnreadCountUpdate, { roomId: room.id });
      }
      for (const row of stored) io.to(userRoom(row.userId)).emit(SOCKET_EVENTS.notification, presentNotification(row));
    },
  };
}

/** Tells the organization's open calendars to refetch (a small "this changed" event). */
export function calendarChanged(io: Server, organizationId: number) {
  io.to(organizationRoom(organizationId)).emit(SOCKET_EVENTS.calendarUpdate, { organizationId });
}
