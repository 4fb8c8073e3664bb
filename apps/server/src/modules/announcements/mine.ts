/**
 * "What asks me" (decision 027): a member's announcements and schedule changes from the rooms
 * they are in, newest first, paged on the server, each with its message, team and their state.
 */
import { type MyAnnouncements, paginationInfo } from '@fieldhouse/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  ackRecipients,
  ackRequests,
  chatMessages,
  chatRoomMembers,
  chatRooms,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { presentMessage } from '../chat/messages.ts';
import { ackSummaries } from './summaries.ts';

export async function myAnnouncements(
  db: Db,
  user: AppUser,
  query: { status: 'pending' | 'all'; page: number; limit: number },
): Promise<MyAnnouncements> {
  const mine = and(
    eq(ackRecipients.userId, user.id),
    query.status === 'pending' ? isNull(ackRecipients.acknowledgedAt) : undefined,
  );
  // Only rooms the person is still in: someone who left the team no longer answers for it.
  const inRoom = and(eq(chatRoomMembers.roomId, ackRequests.roomId), eq(chatRoomMembers.userId, ackRecipients.userId));
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        recipient: ackRecipients,
        kind: ackRequests.kind,
        message: chatMessages,
        room: { id: chatRooms.id, uuid: chatRooms.uuid },
        team: { id: teams.id, name: teams.name },
        sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, userImage: users.userImage },
      })
      .from(ackRecipients)
      .innerJoin(ackRequests, eq(ackRequests.messageId, ackRecipients.messageId))
      .innerJoin(chatRoomMembers, inRoom)
      .innerJoin(chatMessages, eq(chatMessages.id, ackRecipients.messageId))
      .innerJoin(chatRooms, eq(chatRooms.id, ackRequests.roomId))
      .leftJoin(teams, eq(teams.id, ackRequests.teamId))
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .where(mine)
      .orderBy(desc(ackRecipients.messageId))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({
        total:
          query.status === 'pending'
            ? sql<number>`(count(*) filter (where ${ackRecipients.acknowledgedAt} is null))::int`
            : sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where ${ackRecipients.acknowledgedAt} is null))::int`,
      })
      .from(ackRecipients)
      .innerJoin(ackRequests, eq(ackRequests.messageId, ackRecipients.messageId))
      .innerJoin(chatRoomMembers, inRoom)
      .where(eq(ackRecipients.userId, user.id)),
  ]);
  const acks = await ackSummaries(
    db,
    rows.map((r) => r.message.id),
    user.id,
  );
  return {
    result: rows.map((r) => ({
      kind: r.kind,
      message: presentMessage(
        r.message,
        r.room,
        r.sender?.id ? r.sender : null,
        [],
        null,
        acks.get(r.message.id) ?? null,
      ),
      roomId: r.room.id,
      team: r.team?.id ? r.team : null,
      state: r.recipient.acknowledgedAt ? 'ACKNOWLEDGED' : 'PENDING',
      acknowledgedAt: r.recipient.acknowledgedAt?.toISOString() ?? null,
    })),
    paginationInfo: paginationInfo(query.page, query.limit, Number(counts?.total ?? 0)),
    pendingCount: Number(counts?.pending ?? 0),
  };
}
