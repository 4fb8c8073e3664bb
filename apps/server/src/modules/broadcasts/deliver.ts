/**
 * Posting a broadcast (decision 029), in the caller's transaction: one ANNOUNCEMENT per team room
 * that has someone to reach (or one in the coaches' room for coaches only), each asking only the
 * chosen people when acknowledgement is required, notifying only them, and recorded in
 * `broadcast_messages`. Returns what to emit after the commit.
 */
import { BROADCAST_ERROR_IDS, isAdminRole } from '@fieldhouse/shared';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { type BroadcastRow, broadcastMessages, broadcastRecipients } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { requestAcknowledgement, roomAudience, withAckCopies } from '../announcements/requests.ts';
import { announcementUrl } from '../announcements/service.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { messagePreview, notifyUsers } from '../chat/notifications.ts';
import { accessibleRoom } from '../chat/rooms.ts';
import { postAnnouncementMessage } from '../chat/system-messages.ts';
import { ensureTeamRoom } from '../chat/team-room.ts';
import { personName } from '../safeguarding/notes.ts';
import { askedKinds, coachesOf, resolveTeams, toStaffRoom } from './audience.ts';
import { ensureCoachesRoom } from './rooms.ts';

export type Delivered = { recipients: number; emit: (io: Server) => void };

export async function deliverBroadcast(tx: Db, sender: AppUser, broadcast: BroadcastRow): Promise<Delivered> {
  const emits: ((io: Server) => void)[] = [];
  const live = (emit: (io: Server) => void) => emits.push(emit);
  const kinds = askedKinds(broadcast.audiences);
  const reached = new Set<number>();
  const teams = await resolveTeams(tx, broadcast.organizationId, broadcast.targets);

  /** `chosen`: the people meant in a room that holds more (the coaches' room keeps every coach who joined). */
  const post = async (roomId: number, teamId: number | null, place: string, chosen?: ReadonlySet<number>) => {
    const everyone = await roomAudience(tx, roomId);
    const audience = everyone.filter(
      (m) => kinds.has(m.askedAs) && m.id !== sender.id && (!chosen || chosen.has(m.id)),
    );
    if (audience.length === 0) return;
    const posted = await postAnnouncementMessage(tx, roomId, sender, broadcast.content);
    const requested = broadcast.requireAck
      ? await requestAcknowledgement(tx, {
          messageId: posted.message.id,
          roomId,
          organizationId: broadcast.organizationId,
          teamId,
          kind: 'BROADCAST',
          requestedBy: sender.id,
          only: kinds,
          // Only the chosen are asked: everyone else in the room is left out.
          ...(chosen ? { except: new Set(everyone.flatMap((m) => (chosen.has(m.id) ? [] : [m.id]))) } : {}),
        })
      : null;
    const delivered = withAckCopies(posted, requested);
    const notified = await notifyUsers(
      tx,
      audience.map((m) => m.id),
      {
        title: `Message from ${personName(sender)} · ${place}`,
        message: messagePreview(broadcast.content),
        type: 'message',
        actionUrl: announcementUrl(roomId, posted.message.id),
        messageId: posted.message.id,
      },
    );
    await tx
      .insert(broadcastMessages)
      .values({ broadcastId: broadcast.id, messageId: posted.message.id, roomId, teamId });
    await tx.insert(broadcastRecipients).values(
      audience.map((m) => ({
        broadcastId: broadcast.id,
        messageId: posted.message.id,
        userId: m.id,
        askedAs: m.askedAs,
      })),
    );
    for (const m of audience) reached.add(m.id);
    emits.push(delivered.emit, notified.emit);
  };

  if (toStaffRoom(broadcast.audiences)) {
    const coachIds = await coachesOf(
      tx,
      teams.map((t) => t.id),
    );
    const { roomId, emit } = await ensureCoachesRoom(tx, broadcast.organizationId, [...coachIds, sender.id]);
    emits.push(emit);
    await post(roomId, null, 'Coaches', new Set(coachIds));
  } else {
    for (const team of teams) {
      const room = await ensureTeamRoom(tx, team.id, live);
      // An administrator oversees the rooms they post in, as when opening one (decision 008).
      if (isAdminRole(sender.role)) await accessibleRoom(tx, sender, room.id, live);
      await post(room.id, team.id, team.name);
    }
  }
  if (reached.size === 0) {
    throw badRequest(
      'Nobody matches that choice: no team has people of the chosen roles',
      BROADCAST_ERROR_IDS.noRecipients,
    );
  }
  const emitAll = (io: Server) => {
    for (const emit of emits) emit(io);
  };
  return { recipients: reached.size, emit: emitAll };
}
