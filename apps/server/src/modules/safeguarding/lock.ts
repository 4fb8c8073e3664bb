/**
 * One safeguarding change at a time per organization. A change to a fact the policy reads (a
 * guardian suspended or unlinked, a roster, a role) looks up the rooms it touches and reconciles
 * them; a room being made or joined reads those facts and plans its members. Run side by side,
 * each can miss the other: the lookup does not see the room not yet committed, and the new room's
 * plan does not see the change not yet committed — a minor could be left with a coach and a
 * guardian who can no longer sign in, and no second adult. Both hold this transaction-scoped lock
 * before they look: whichever comes second sees what the first committed.
 *
 * Taken before any room row is locked (reconcile locks rooms after it), so a send, which locks
 * rooms and never this, cannot deadlock with it. Re-entrant within a transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Any number: it only has to differ from the other two-key advisory locks' first key (calendar). */
const SAFEGUARDING_LOCK = 0x736166;

export async function lockSafeguarding(tx: Db, organizationIds: readonly (number | null)[]) {
  const ids = [...new Set(organizationIds.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  // In order: two changes spanning the same schools queue instead of deadlocking.
  for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${SAFEGUARDING_LOCK}, ${id})`);
}
