/**
 * "One change everywhere": a schedule change posts a SYSTEM message (no human sender) into the
 * team's chat room (an organization-wide event: every team's) and one notification to each of
 * the teams' coaches, athletes and guardians, written in
 * the change's transaction; the socket events go out after the commit. Chat owns the posting
 * and the audience; this file only says what a schedule change posts.
 */
import { SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { organizationRoom } from '../../realtime/rooms.ts';
import { requestAcknowledgement, withAckCopies } from '../announcements/requests.ts';
import { teamAudience } from '../chat/audience.ts';
import { notifyUsers } from '../chat/notifications.ts';
import { postSystemMessage, type SystemPost } from '../chat/system-messages.ts';
import { ensureTeamRoom } from '../chat/team-room.ts';
import type { Emit } from '../safeguarding/reconcile.ts';

/** What to emit once the transaction has committed. */
export type Announcement = { emit: (io: Server) => void };

/**
 * Posts `content` as a SYSTEM message in the team's room and notifies the team. Call inside the
 * change's transaction; run the returned `emit` after it commits.
 */
export function announceToTeam(db: Db, input: Omit<TeamsInput, 'teamIds'> & { teamId: number }): Promise<Announcement> {
  const { teamId, ...rest } = input;
  return announceToTeams(db, { ...rest, teamIds: [teamId] });
}

type TeamsInput = {
  organizationId: number;
  teamIds: number[];
  title: string;
  content: string;
  /** Stored with each message (a change notice's diff). */
  metadata?: Record<string, unknown> | null;
  actionUrl: string;
  /** Who made the change: nobody is notified of their own change. */
  actorId?: number | null;
  /**
   * Ask the rooms' people to acknowledge it (decision 027): a change to an event people already
   * planned by. Someone in several of the rooms is asked once, in the first.
   */
  askAcknowledgement?: boolean;
};

/**
 * Posts one SYSTEM message into each team's room, then one notification per person across all
 * the teams' audiences (someone on two teams hears once). In the caller's transaction.
 */
export async function announceToTeams(db: Db, input: TeamsInput): Promise<Announcement> {
  const changes: Emit[] = [];
  const posts: SystemPost[] = [];
  const audience = new Set<number>();
  const actorId = input.actorId ?? null;
  const asked = new Set<number>();
  for (const teamId of input.teamIds) {
    const room = await ensureTeamRoom(db, teamId, (emit) => changes.push(emit));
    const post = await postSystemMessage(db, room.id, input.content, input.metadata ?? null, actorId);
    // The announcements module writes its own tables; calendar only says this change asks.
    const requested = input.askAcknowledgement
      ? await requestAcknowledgement(db, {
          messageId: post.message.id,
          roomId: room.id,
          organizationId: input.organizationId,
          teamId,
          kind: 'SCHEDULE_CHANGE',
          requestedBy: actorId,
          except: asked,
        })
      : null;
    for (const id of requested?.asked ?? []) asked.add(id);
    posts.push(withAckCopies(post, requested));
    for (const id of await teamAudience(db, teamId)) audience.add(id);
  }
  audience.delete(actorId ?? -1);
  const notified = await notifyUsers(db, [...audience], {
    title: input.title,
    message: input.content,
    type: 'event',
    actionUrl: input.actionUrl,
  });
  return {
    emit: (io) => {
      for (const emit of changes) emit(io);
      for (const post of posts) post.emit(io);
      notified.emit(io);
    },
  };
}

/** Tells the organization's open calendars to refetch (a small "this changed" event). */
export function calendarChanged(io: Server, organizationId: number) {
  io.to(organizationRoom(organizationId)).emit(SOCKET_EVENTS.calendarUpdate, { organizationId });
}
