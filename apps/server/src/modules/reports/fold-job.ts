/**
 * Folds the messaging report's pending count changes into its counts every few seconds (decision
 * 031), so the changes table stays small however long nobody opens the report. Every node runs
 * it; a fold deletes what it counts in one statement, so folds on several nodes never overlap.
 */
import type { FastifyInstance } from 'fastify';
import { startRepeatingJob } from '../../repeating-job.ts';
import { foldMessageCounts } from './messaging.ts';

export const FOLD_SECONDS = 10;

export function startCountFoldJob(app: FastifyInstance) {
  startRepeatingJob(app, {
    everyMs: FOLD_SECONDS * 1000,
    failed: 'reports: folding message counts failed',
    round: () => foldMessageCounts(app.database.db),
  });
}
