/**
 * The one way to make a user-visible change: its rows, audit entry, chat post and notifications
 * commit together in one transaction, and what the world hears of it (socket events, e-mail)
 * goes out only after the commit. Work registers those with `afterCommit`; nothing registered
 * runs if the transaction rolls back.
 */
import type { Db } from './client.ts';

export type AfterCommit = (effect: () => unknown) => void;

export async function inTransaction<T>(
  db: Db,
  work: (tx: Db, afterCommit: AfterCommit) => Promise<T>,
  onEffectError: (error: unknown) => void = () => {},
): Promise<T> {
  const effects: (() => unknown)[] = [];
  const result = await db.transaction((tx) => work(tx as unknown as Db, (effect) => effects.push(effect)));
  // The change is committed: a failing effect (a socket emit, a mail) is logged, never undone.
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      onEffectError(error);
    }
  }
  return result;
}

/**
 * Runs lazy queries (Drizzle's builders start when awaited) one after another, with
 * `Promise.all`'s tuple of results. Inside a transaction there is one connection, and node-postgres
 * is deprecating queries sent to a connection that is still busy.
 */
export async function inTurn<T extends readonly unknown[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}
