/**
 * "Nudge the rest" for a whole broadcast (decision 029): each post's own nudge (decision 027,
 * once per ACK_NUDGE_INTERVAL_MINUTES per message, audited), one after another. A post nudged too
 * recently is skipped; when nobody could be reminded because of that, the answer is its 409 with
 * its Retry-After.
 */
import type { NudgeResult } from '@fieldhouse/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { ackRecipients, type BroadcastRow, broadcastMessages, chatRoomMembers, users } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import { messageFor } from '../announcements/policies.ts';
import { NudgeTooSoon, nudge } from '../announcements/service.ts';
import type { AppUser } from '../auth/authenticate.ts';

type Effects = { io: Server; onEffectError: (error: unknown) => void };

export async function nudgeBroadcast(db: Db, effects: Effects, user: AppUser, row: BroadcastRow): Promise<NudgeResult> {
  if (row.status !== 'SENT' || !row.requireAck)
    throw conflict('This broadcast asks nobody to acknowledge it yet', 'broadcast_not_asking');
  const posts = await db
    .select({ messageId: broadcastMessages.messageId })
    .from(broadcastMessages)
    .where(eq(broadcastMessages.broadcastId, row.id));
  // A person reached through two teams is reminded in both rooms but counted once.
  const reminded = new Set<number>();
  let tooSoon: NudgeTooSoon | null = null;
  const times: NudgeResult[] = [];
  for (const post of posts) {
    const loaded = await messageFor(db, user, post.messageId);
    if (!loaded.request) continue;
    const missing = await missingIn(db, post.messageId, loaded.room.id);
    try {
      const result = await nudge(db, effects, user, loaded);
      if (result.nudged > 0) for (const id of missing) reminded.add(id);
      times.push(result);
    } catch (error) {
      if (!(error instanceof NudgeTooSoon)) throw error;
      tooSoon ??= error;
    }
  }
  // Nobody reminded because the rooms with people missing were all nudged lately: say when.
  if (reminded.size === 0 && tooSoon) throw tooSoon;
  const latest = (key: 'lastNudgedAt' | 'nextNudgeAt') =>
    times
      .map((t) => t[key])
      .filter((v): v is string => v !== null)
      .sort()
      .at(-1) ?? null;
  return { nudged: reminded.size, lastNudgedAt: latest('lastNudgedAt'), nextNudgeAt: latest('nextNudgeAt') };
}

/** Who a post still waits for, as its nudge reads them: asked, not yet, ACTIVE, still in the room. */
async function missingIn(db: Db, messageId: number, roomId: number) {
  const rows = await db
    .select({ id: ackRecipients.userId })
    .from(ackRecipients)
    .innerJoin(users, eq(users.id, ackRecipients.userId))
    .innerJoin(
      chatRoomMembers,
      and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, ackRecipients.userId)),
    )
    .where(
      and(eq(ackRecipients.messageId, messageId), isNull(ackRecipients.acknowledgedAt), eq(users.status, 'ACTIVE')),
    );
  return rows.map((r) => r.id);
}
