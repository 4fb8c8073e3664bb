/**
 * Acknowledgement counts of messages, for any number of them in one query (a history page, a
 * supervision page, "my announcements"): who is asked counts while they are still in the room
 * (a room follows its roster, so someone who left the team drops out of "2 of N").
 */
import type { MessageAck } from '@fieldhouse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ackRecipients, ackRequests, chatRoomMembers } from '../../db/schema/index.ts';

/** By message id: its counts and `viewerId`'s state; messages that ask nobody are absent. */
export async function ackSummaries(db: Db, messageIds: number[], viewerId: number | null) {
  const summaries = new Map<number, MessageAck>();
  if (messageIds.length === 0) return summaries;
  const viewer = viewerId ?? 0;
  const rows = await db
    .select({
      messageId: ackRequests.messageId,
      asked: sql<number>`count(${chatRoomMembers.userId})::int`,
      acknowledged: sql<number>`(count(${chatRoomMembers.userId}) filter (where ${ackRecipients.acknowledgedAt} is not null))::int`,
      minePending: sql<boolean>`coalesce(bool_or(${chatRoomMembers.userId} = ${viewer} and ${ackRecipients.acknowledgedAt} is null), false)`,
      mineDone: sql<boolean>`coalesce(bool_or(${chatRoomMembers.userId} = ${viewer} and ${ackRecipients.acknowledgedAt} is not null), false)`,
    })
    .from(ackRequests)
    .leftJoin(ackRecipients, eq(ackRecipients.messageId, ackRequests.messageId))
    .leftJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, ackRequests.roomId), eq(chatRoomMembers.userId, ackRecipients.userId)),
    )
    .where(inArray(ackRequests.messageId, messageIds))
    .groupBy(ackRequests.messageId);
  for (const row of rows) {
    summaries.set(Number(row.messageId), {
      asked: Number(row.asked),
      acknowledged: Number(row.acknowledged),
      mine: row.minePending ? 'PENDING' : row.mineDone ? 'ACKNOWLEDGED' : null,
    });
  }
  return summaries;
}

/** One message's counts (inside an acknowledgement's transaction, after its lock). */
export async function ackCounts(db: Db, messageId: number) {
  const summary = (await ackSummaries(db, [messageId], null)).get(messageId);
  return { asked: summary?.asked ?? 0, acknowledged: summary?.acknowledged ?? 0 };
}
