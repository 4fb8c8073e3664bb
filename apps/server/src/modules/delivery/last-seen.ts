/**
 * When a person was last seen (decision 028): a socket connecting or leaving, and any
 * authenticated API call. An API call writes at most once a minute per person: this node skips
 * repeats in memory, and the statement itself changes nothing younger than a minute, so many
 * nodes and tabs cost one write a minute at most.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deliveryState } from '../../db/schema/index.ts';

const EVERY_MS = 60_000;
/** People remembered by this node's throttle before it starts over. */
const REMEMBERED = 50_000;

export function lastSeenTracker(db: Db, log: { warn: (o: object, m: string) => void }) {
  const written = new Map<number, number>();
  const write = (userId: number, at: Date, minGapMs: number) =>
    db
      .insert(deliveryState)
      .values({ userId, lastSeenAt: at })
      .onConflictDoUpdate({
        target: deliveryState.userId,
        set: { lastSeenAt: at },
        setWhere: sql`${deliveryState.lastSeenAt} is null or ${deliveryState.lastSeenAt} < ${new Date(at.getTime() - minGapMs).toISOString()}`,
      })
      .catch((error: unknown) => log.warn({ err: error, userId }, 'last seen not written'));
  return {
    /** An API call: throttled. */
    request(userId: number) {
      const now = Date.now();
      if ((written.get(userId) ?? 0) > now - EVERY_MS) return;
      if (written.size >= REMEMBERED) written.clear();
      written.set(userId, now);
      void write(userId, new Date(now), EVERY_MS);
    },
    /** A socket connected or left: the moment counts (leaving starts the digest's wait). */
    socket(userId: number) {
      written.set(userId, Date.now());
      return write(userId, new Date(), 0);
    },
  };
}

export type LastSeen = ReturnType<typeof lastSeenTracker>;
