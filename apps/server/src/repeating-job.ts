/**
 * Background work every node runs on a timer: a round every `everyMs` (the first after
 * `firstAfterMs`, else after `everyMs`), never two rounds at once, a failed round logged, and the
 * app's close waiting for the round in progress. The work itself must be safe on several nodes.
 */
import type { FastifyInstance } from 'fastify';

export type RepeatingJob = {
  everyMs: number;
  firstAfterMs?: number;
  /** The log line of a failed round. */
  failed: string;
  round: () => Promise<unknown>;
};

export function startRepeatingJob(app: FastifyInstance, job: RepeatingJob) {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = job
      .round()
      .catch((error: unknown) => app.log.error({ err: error }, job.failed))
      .finally(() => {
        running = undefined;
      });
  };
  const first = job.firstAfterMs === undefined ? undefined : setTimeout(run, job.firstAfterMs);
  const timer = setInterval(run, job.everyMs);
  first?.unref();
  timer.unref();
  app.addHook('preClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
