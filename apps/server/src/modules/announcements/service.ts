/**
 * Announcements (decision 027): post one to a team's room, acknowledge it, nudge whoever has not.
 * Each is one transaction; sockets and notifications' events go out after the commit.
 */
import {
  ACK_ERROR_IDS,
  ACK_NUDGE_INTERVAL_MINUTES,
  ACK_NUDGE_INTERVAL_MS,
  type AckResult,
  type AckUpdate,
  type ChatMessage,
  type NudgeResult,
  SOCKET_EVENTS,
} from '@fieldhouse/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { ackRecipients, ackRequests, chatRoomMembers, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, forbidden, HttpError } from '../../errors.ts';
import { userRoom } from '../../realtime/rooms.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { messagePreview, notifyUsers } from '../chat/notifications.ts';
import { accessibleRoom } from '../chat/rooms.ts';
import { postAnnouncementMessage } from '../chat/system-messages.ts';
import { ensureTeamRoom } from '../chat/team-room.ts';
import { refuseHeld } from '../safeguarding/held.ts';
import type { LoadedMessage, PostableTeam } from './policies.ts';
import { administers } from './policies.ts';
import { requestAcknowledgement, withAckCopies } from './requests.ts';
import { ackCounts } from './summaries.ts';

type Effects = { io: Server; onEffectError: (error: unknown) => void };

const personName = (p: Pick<AppUser, 'firstName' | 'lastName'>) => [p.firstName, p.lastName].filter(Boolean).join(' ');

/** Where an announcement's notifications lead: its room, at the message. */
export const announcementUrl = (roomId: number, messageId: number) =>
  `/messages?roomId=${roomId}&messageId=${messageId}`;

/**
 * Posts an ANNOUNCEMENT in the team's room (made on first use), asks the room's people when
 * `requireAck`, notifies the members and audits it, in one transaction. An administrator who
 * posts joins the room for oversight first (like opening it), so they see their announcement.
 */
export function postAnnouncement(
  db: Db,
  { io, onEffectError }: Effects,
  sender: AppUser,
  team: PostableTeam,
  input: { content: string; requireAck: boolean },
): Promise<ChatMessage> {
  if (team.status !== 'ACTIVE') throw conflict('This team is archived', ACK_ERROR_IDS.teamArchived);
  return inTransaction(
    db,
    async (tx, afterCommit) => {
      const live = (emit: (io: Server) => void) => afterCommit(() => emit(io));
      const room = await ensureTeamRoom(tx, team.id, live);
      if (administers(sender, team.organizationId)) await accessibleRoom(tx, sender, room.id, live);
      const post = await postAnnouncementMessage(tx, room.id, sender, input.content);
      const requested = input.requireAck
        ? await requestAcknowledgement(tx, {
            messageId: post.message.id,
            roomId: room.id,
            organizationId: team.organizationId,
            teamId: team.id,
            kind: 'ANNOUNCEMENT',
            requestedBy: sender.id,
          })
        : null;
      const delivered = withAckCopies(post, requested);
      const notified = await notifyUsers(tx, post.memberIds, {
        title: `Announcement from ${personName(sender)} · ${team.name}`,
        message: messagePreview(input.content),
        type: 'message',
        actionUrl: announcementUrl(room.id, post.message.id),
        messageId: post.message.id,
      });
      await recordAudit(tx, {
        organizationId: team.organizationId,
        actorId: sender.id,
        action: 'announcement.post',
        entityType: 'chat_message',
        entityId: post.message.id,
        summary: `Posted an announcement to ${team.name}${requested ? ` asking ${requested.asked.length} to acknowledge` : ''}`,
        after: { teamId: team.id, roomId: room.id, content: input.content, asked: requested?.asked.length ?? 0 },
      });
      afterCommit(() => {
        delivered.emit(io);
        notified.emit(io);
      });
      return delivered.message;
    },
    onEffectError,
  );
}

/**
 * "Got it": the first time counts (conditional SQL), a second call answers with it. After the
 * room's hold (share lock), the request's row is locked, so parallel acknowledgements of one
 * message queue and each counts the ones before it: the last `chat:ack-update` the members hear
 * carries the final count.
 */
export function acknowledge(db: Db, { io, onEffectError }: Effects, user: AppUser, loaded: LoadedMessage) {
  const { message, room } = loaded;
  return inTransaction(
    db,
    async (tx, afterCommit): Promise<AckResult> => {
      await refuseHeld(tx, room.id);
      await tx
        .select({ id: ackRequests.messageId })
        .from(ackRequests)
        .where(eq(ackRequests.messageId, message.id))
        .for('update');
      const inRoom = sql`exists (select 1 from ${chatRoomMembers} where ${chatRoomMembers.roomId} = ${room.id} and ${chatRoomMembers.userId} = ${user.id})`;
      const [first] = await tx
        .update(ackRecipients)
        .set({ acknowledgedAt: sql`now()` })
        .where(
          and(
            eq(ackRecipients.messageId, message.id),
            eq(ackRecipients.userId, user.id),
            isNull(ackRecipients.acknowledgedAt),
            inRoom,
          ),
        )
        .returning({ acknowledgedAt: ackRecipients.acknowledgedAt });
      let acknowledgedAt = first?.acknowledgedAt ?? null;
      if (!acknowledgedAt) {
        const [earlier] = await tx
          .select({ acknowledgedAt: ackRecipients.acknowledgedAt })
          .from(ackRecipients)
          .where(and(eq(ackRecipients.messageId, message.id), eq(ackRecipients.userId, user.id), inRoom));
        if (!earlier?.acknowledgedAt) {
          throw forbidden('This message does not ask you to acknowledge it', ACK_ERROR_IDS.notAsked);
        }
        acknowledgedAt = earlier.acknowledgedAt;
      }
      const counts = await ackCounts(tx, message.id);
      if (first) {
        const members = await tx
          .select({ id: chatRoomMembers.userId })
          .from(chatRoomMembers)
          .where(eq(chatRoomMembers.roomId, room.id));
        const update: AckUpdate = { roomId: room.id, messageId: message.id, ...counts };
        afterCommit(() => {
          if (members.length) io.to(members.map((m) => userRoom(m.id))).emit(SOCKET_EVENTS.ackUpdate, update);
        });
      }
      return { messageId: message.id, roomId: room.id, acknowledgedAt: acknowledgedAt.toISOString(), ...counts };
    },
    onEffectError,
  );
}

const nextNudge = (last: Date | null) =>
  last && Date.now() < last.getTime() + ACK_NUDGE_INTERVAL_MS
    ? new Date(last.getTime() + ACK_NUDGE_INTERVAL_MS).toISOString()
    : null;

export const nudgeTimes = (last: Date | null) => ({
  lastNudgedAt: last?.toISOString() ?? null,
  nextNudgeAt: nextNudge(last),
});

/**
 * Reminds everyone still missing (active accounts still in the room) with a notification leading
 * to the message, at most once per ACK_NUDGE_INTERVAL_MINUTES per message (conditional SQL on the
 * request's `last_nudged_at`; 409 `nudge_too_soon` otherwise), audited. Nobody missing: nothing
 * is sent and the window is not used.
 */
export function nudge(db: Db, { io, onEffectError }: Effects, user: AppUser, loaded: LoadedMessage) {
  const { message, room } = loaded;
  return inTransaction(
    db,
    async (tx, afterCommit): Promise<NudgeResult> => {
      await refuseHeld(tx, room.id);
      const [request] = await tx.select().from(ackRequests).where(eq(ackRequests.messageId, message.id)).for('update');
      if (!request) throw new Error('acknowledgement request vanished');
      const missing = await tx
        .select({ id: ackRecipients.userId })
        .from(ackRecipients)
        .innerJoin(users, eq(users.id, ackRecipients.userId))
        .innerJoin(
          chatRoomMembers,
          and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, ackRecipients.userId)),
        )
        .where(
          and(
            eq(ackRecipients.messageId, message.id),
            isNull(ackRecipients.acknowledgedAt),
            eq(users.status, 'ACTIVE'),
          ),
        );
      if (missing.length === 0) return { nudged: 0, ...nudgeTimes(request.lastNudgedAt) };
      const [stamped] = await tx
        .update(ackRequests)
        .set({ lastNudgedAt: sql`now()` })
        .where(
          and(
            eq(ackRequests.messageId, message.id),
            sql`(${ackRequests.lastNudgedAt} is null or ${ackRequests.lastNudgedAt} <= now() - make_interval(mins => ${ACK_NUDGE_INTERVAL_MINUTES}))`,
          ),
        )
        .returning({ lastNudgedAt: ackRequests.lastNudgedAt });
      if (!stamped?.lastNudgedAt) throw nudgeTooSoon(request.lastNudgedAt);
      const what = request.kind === 'SCHEDULE_CHANGE' ? 'schedule change' : 'announcement';
      const notified = await notifyUsers(
        tx,
        missing.map((m) => m.id),
        {
          title: `Please acknowledge this ${what}`,
          message: messagePreview(message.content),
          type: 'message',
          actionUrl: announcementUrl(room.id, message.id),
          messageId: message.id,
        },
      );
      await recordAudit(tx, {
        organizationId: room.organizationId,
        actorId: user.id,
        action: 'announcement.nudge',
        entityType: 'chat_message',
        entityId: message.id,
        summary: `Reminded ${missing.length} ${missing.length === 1 ? 'person' : 'people'} to acknowledge a ${what} in conversation ${room.id}`,
        after: { nudged: missing.map((m) => m.id) },
      });
      afterCommit(() => notified.emit(io));
      return { nudged: missing.length, ...nudgeTimes(stamped.lastNudgedAt) };
    },
    onEffectError,
  );
}

/** 409 with when the next nudge is possible: in words, and in seconds for `Retry-After`. */
export class NudgeTooSoon extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(409, message, ACK_ERROR_IDS.nudgeTooSoon);
  }
}

function nudgeTooSoon(last: Date | null) {
  const next = (last?.getTime() ?? Date.now()) + ACK_NUDGE_INTERVAL_MS;
  const seconds = Math.max(1, Math.ceil((next - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new NudgeTooSoon(
    `Already nudged in the last ${ACK_NUDGE_INTERVAL_MINUTES} minutes: you can nudge again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${new Date(next).toISOString()})`,
    seconds,
  );
}
