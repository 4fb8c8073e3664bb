/**
 * Folds the messaging report's pending count changes into its counts every few seconds (decision
 * 031), so the changes table stays small however long nobody opens the report. Every node runs
 * it; a fold deletes what it counts in one statement, so folds on several nodes never overlap.
 */
import type { FastifyInstance } from 'fastify';
import { foldMessageCounts } from './messaging.ts';

export const FOLD_SECONDS = 10;

export function startCountFoldJob(app: FastifyInstance) {
  let running: Promise<void> | undefined;
  const fold = () => {
    running = foldMessageCounts(app.database.db)
      .catch((error: unknown) => app.log.error({ err: error }, 'reports: folding message counts failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(() => {
    if (!running) fold();
  }, FOLD_SECONDS * 1000);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
