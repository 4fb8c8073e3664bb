/**
 * Browsers' push subscriptions. An endpoint is one browser profile, so it belongs to one person
 * at a time: subscribing with an endpoint someone else had (a shared family tablet, a sign-out
 * then a sign-in as someone else) moves it, in one statement.
 */
import type { PushSubscriptionInput } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

export async function saveSubscription(db: Db, userId: number, input: PushSubscriptionInput) {
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
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
