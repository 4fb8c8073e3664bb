/**
 * Who may do what with announcements (decision 027). The server decides; clients only hide.
 * - Post to a team: the school's four admin roles (a SUPER_ADMIN in any school) and the team's
 *   coaches. Athletes, guardians and other teams' coaches get 403; another school's team is 404.
 * - Acknowledge: only a person the message asks, while still in its room (403 `not_asked`).
 * - Track and nudge: the sender, the school's admin roles and the team's coaches (403 for
 *   athletes and guardians, whom the list would show other families).
 * Every path: an account that is not ACTIVE gets 403; another school's message is 404.
 */
import { ACK_ERROR_IDS, isAdminRole } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ackRequests, chatMessages, chatRooms, coaches, teamCoaches, teams } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { isRoomMember } from '../chat/rooms.ts';

export function requireActive(user: AppUser) {
  if (user.status !== 'ACTIVE') throw forbidden('Your account is not active', 'account_inactive');
  return user;
}

const ofSchool = (user: AppUser, organizationId: number) =>
  user.role === 'SUPER_ADMIN' || user.organizationId === organizationId;

/** An administrator of that school (a SUPER_ADMIN of any). */
export const administers = (user: AppUser, organizationId: number) =>
  isAdminRole(user.role) && ofSchool(user, organizationId);

export async function coachesTeam(db: Db, userId: number, teamId: number) {
  const [row] = await db
    .select({ id: teamCoaches.id })
    .from(teamCoaches)
    .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
    .where(and(eq(teamCoaches.teamId, teamId), eq(coaches.userId, userId)));
  return row !== undefined;
}

/** The team a request names, in a school the user belongs to (404 otherwise). */
export async function teamFor(db: Db, user: AppUser, teamId: number) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team || !ofSchool(user, team.organizationId)) throw notFound('Team');
  return team;
}

export type PostableTeam = Awaited<ReturnType<typeof teamFor>>;

export async function requirePoster(db: Db, user: AppUser, team: PostableTeam) {
  requireActive(user);
  if (administers(user, team.organizationId)) return;
  if (user.role === 'COACH' && (await coachesTeam(db, user.id, team.id))) return;
  throw forbidden(
    'Only the school’s administrators and the team’s coaches post announcements',
    ACK_ERROR_IDS.notTeamStaff,
  );
}

/** A message with its room and its request (null when it asks nobody), in the user's school (404 otherwise). */
export async function messageFor(db: Db, user: AppUser, messageId: number) {
  const [found] = await db
    .select({ message: chatMessages, room: chatRooms, request: ackRequests })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .leftJoin(ackRequests, eq(ackRequests.messageId, chatMessages.id))
    .where(eq(chatMessages.id, messageId));
  if (!found || !ofSchool(user, found.room.organizationId)) throw notFound('Message');
  return found;
}

export type LoadedMessage = Awaited<ReturnType<typeof messageFor>>;

/**
 * The school's administrators, the team's coaches, and the sender while still in the room (a
 * coach taken off the team no longer sees the families' answers); the message must ask someone.
 */
export async function requireTracker(db: Db, user: AppUser, loaded: LoadedMessage) {
  requireActive(user);
  const { message, room, request } = loaded;
  const teamId = request?.teamId ?? room.teamId;
  const author = message.senderId === user.id || (request?.requestedBy != null && request.requestedBy === user.id);
  const allowed =
    administers(user, room.organizationId) ||
    (user.role === 'COACH' && teamId !== null && (await coachesTeam(db, user.id, teamId))) ||
    (author && (await isRoomMember(db, room.id, user.id)));
  if (!allowed) {
    throw forbidden(
      'Only the sender, the school’s administrators and the team’s coaches see who acknowledged',
      ACK_ERROR_IDS.notTeamStaff,
    );
  }
  if (!request) throw notFound('Acknowledgement request', ACK_ERROR_IDS.notRequested);
  return request;
}
