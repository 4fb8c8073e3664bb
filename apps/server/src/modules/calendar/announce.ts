/**
 * "One change everywhere": a schedule change posts a SYSTEM message (no human sender) into the
 * team's chat room and a notification to the team's coaches, athletes and guardians, written in
 * the change's transaction; the socket events go out after the commit. Chat owns the posting
 * and the audience; this file only says what a schedule change posts.
 */
import { SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { organizationRoom } from '../../realtime/rooms.ts';
import { teamAudience } from '../chat/audience.ts';
import { notifyUsers } from '../chat/notifications.ts';
import { postSystemMessage } from '../chat/system-messages.ts';
import { ensureTeamRoom } from '../chat/team-room.ts';
import type { Emit } from '../safeguarding/reconcile.ts';

/** What to emit once the transaction has committed. */
export type Announcement = { emit: (io: Server) => void };

/**
 * Posts `content` as a SYSTEM message in the team's room and notifies the team. Call inside the
 * change's transaction; run the returned `emit` after it commits.
 */
export async function announceToTeam(
  db: Db,
  input: {
    organizationId: number;
    teamId: number;
    title: string;
    content: string;
    actionUrl: string;
    /** Who made the change: nobody is notified of their own change. */
    actorId?: number | null;
  },
): Promise<Announcement> {
  const changes: Emit[] = [];
  const room = await ensureTeamRoom(db, input.teamId, (emit) => changes.push(emit));
  const actorId = input.actorId ?? null;
  const post = await postSystemMessage(db, room.id, input.content, null, actorId);
  const audience = (await teamAudience(db, input.teamId)).filter((id) => id !== actorId);
  const notified = await notifyUsers(db, audience, {
    title: input.title,
    message: input.content,
    type: 'event',
    actionUrl: input.actionUrl,
  });
  return {
    emit: (io) => {
      for (const emit of changes) emit(io);
      post.emit(io);
      notified.emit(io);
    },
  };
}

/** Tells the organization's open calendars to refetch (a small "this changed" event). */
export function calendarChanged(io: Server, organizationId: number) {
  io.to(organizationRoom(organizationId)).emit(SOCKET_EVENTS.calendarUpdate, { organizationId });
}
