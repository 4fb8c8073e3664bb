/**
 * Browsers' push subscriptions. An endpoint is one browser profile, so it belongs to one person
 * at a time: subscribing with an endpoint someone else had (a shared family tablet, a sign-out
 * then a sign-in as someone else) moves it, in one statement.
 */
import type { PushSubscriptionInput } from '@fieldhouse/shared';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions, users } from '../../db/schema/index.ts';
import type { SessionsRevoked } from '../../identity/session-events.ts';

export async function saveSubscription(db: Db, userId: number, sessionId: string | null, input: PushSubscriptionInput) {
  const values = { userId, sessionId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, createdAt: new Date(), lastSuccessAt: null, failures: 0 },
    })
    .returning();
  if (!row) throw new Error('subscription not saved');
  return { endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
}

/** Removes the person's own subscription; another person's endpoint is left alone. */
export async function removeSubscription(db: Db, userId: number, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return { removed: removed.length > 0 };
}

/**
 * Sign-ins that ended take their subscriptions with them: a phone signed out (or lost, and
 * everything signed out) must not keep showing message previews. One device's sign-out forgets
 * what that sign-in subscribed; "everywhere" forgets all (but the device that asked, after a
 * password change).
 */
export function forgetRevokedSubscriptions(db: Db) {
  return async ({ sub, sessionId, exceptSessionId }: SessionsRevoked) => {
    if (sessionId) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
      return;
    }
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.identitySub, sub)).limit(1);
    if (!user) return;
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, user.id),
          exceptSessionId
            ? or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, exceptSessionId))
            : undefined,
        ),
      );
  };
}
