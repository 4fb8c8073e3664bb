/**
 * Asking for acknowledgement (decision 027), in the transaction that posts the message: one
 * request row for the message and one row per person asked. Who is asked is who the team room is
 * for at that moment: its athletes and coaches (PARTICIPANT) and the athletes' guardians
 * (GUARDIAN) — not administrators overseeing it nor safeguarding second adults, who watch rather
 * than take part — with ACTIVE accounts (anyone else cannot answer), minus whoever made it.
 * Membership is one row per person, so a guardian of two athletes on the team is asked once.
 */
import type { AckKind, AskedAs, ChatMessage, MemberReason, Role, UserStatus } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ackRecipients, ackRequests, chatRoomMembers, users } from '../../db/schema/index.ts';
import type { SystemPost } from '../chat/system-messages.ts';

export type AckRequestInput = {
  messageId: number;
  roomId: number;
  organizationId: number;
  teamId: number | null;
  kind: AckKind;
  /** The sender or the person who changed the schedule: never asked about their own message. */
  requestedBy: number | null;
  /** People not to ask again (one schedule change posted to several rooms asks each person once). */
  except?: ReadonlySet<number>;
  /** Ask only these kinds of member (a broadcast to a team's guardians); everyone the room is for otherwise. */
  only?: ReadonlySet<AskedAs>;
};

export type AckRequested = { messageId: number; asked: number[] };

export type RoomAudienceMember = { id: number; askedAs: AskedAs };
export type RoomMemberFacts = { id: number; role: Role | null; status: UserStatus; reason: MemberReason };

/**
 * Who a room is for, as acknowledgement and broadcasts count them — the one statement of the
 * rule, applied to a room's members (`roomAudience`) and to the members a team room's plan
 * would have (a broadcast's preview): participants and guardians with ACTIVE accounts, each
 * with why (a guardian, an athlete, or else a coach). Overseeing administrators and
 * safeguarding second adults watch rather than take part.
 */
export const audienceOf = (members: readonly RoomMemberFacts[]): RoomAudienceMember[] =>
  members
    .filter((m) => (m.reason === 'PARTICIPANT' || m.reason === 'GUARDIAN') && m.status === 'ACTIVE')
    .map((m) => ({
      id: m.id,
      askedAs: m.reason === 'GUARDIAN' ? 'GUARDIAN' : m.role === 'ATHLETE' ? 'ATHLETE' : 'COACH',
    }));

/** `audienceOf` the room's members now. */
export async function roomAudience(tx: Db, roomId: number): Promise<RoomAudienceMember[]> {
  const members = await tx
    .select({ id: users.id, role: users.role, status: users.status, reason: chatRoomMembers.reason })
    .from(chatRoomMembers)
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .where(eq(chatRoomMembers.roomId, roomId));
  return audienceOf(members.map((m) => ({ ...m, reason: m.reason as MemberReason })));
}

/** Call in the posting transaction, after the message (its room row is locked by the post). */
export async function requestAcknowledgement(tx: Db, input: AckRequestInput): Promise<AckRequested | null> {
  const asked = (await roomAudience(tx, input.roomId)).filter(
    (m) => m.id !== input.requestedBy && !input.except?.has(m.id) && (!input.only || input.only.has(m.askedAs)),
  );
  // Nobody to ask: the message asks nobody (its `ack` is null), like one that never asked.
  if (asked.length === 0) return null;
  await tx.insert(ackRequests).values({
    messageId: input.messageId,
    organizationId: input.organizationId,
    roomId: input.roomId,
    teamId: input.teamId,
    kind: input.kind,
    requestedBy: input.requestedBy,
  });
  await tx
    .insert(ackRecipients)
    .values(asked.map((m) => ({ messageId: input.messageId, userId: m.id, askedAs: m.askedAs })));
  return { messageId: input.messageId, asked: asked.map((m) => m.id) };
}

/**
 * The post's live copies: those it asks read `mine: 'PENDING'`, everyone else `mine: null`, each
 * with the counts. Returns a post whose `emit` sends them (use it in place of the original).
 */
export function withAckCopies(post: SystemPost, requested: AckRequested | null): SystemPost {
  if (!requested) return post;
  const counts = { asked: requested.asked.length, acknowledged: 0 };
  const mine: ChatMessage = { ...post.message, ack: { ...counts, mine: 'PENDING' } };
  const others: ChatMessage = { ...post.message, ack: { ...counts, mine: null } };
  const asked = new Set(requested.asked);
  return {
    message: others,
    memberIds: post.memberIds,
    emit: (io) => post.emit(io, (userId) => (asked.has(userId) ? mine : others)),
  };
}
