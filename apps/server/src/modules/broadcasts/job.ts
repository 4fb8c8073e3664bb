/**
 * Scheduled broadcasts go out within BROADCAST_CHECK_SECONDS of their time (decision 029). Every
 * node runs the rounds; each broadcast is claimed by a conditional update in the transaction that
 * sends it, so with several nodes it still goes out once.
 */
import type { FastifyInstance } from 'fastify';
import { sendDueBroadcasts } from './service.ts';

export const BROADCAST_CHECK_SECONDS = 15;

export function startBroadcastJob(app: FastifyInstance) {
  let running: Promise<number> | undefined;
  const effects = {
    io: app.io,
    onEffectError: (error: unknown) => app.log.error({ err: error }, 'broadcasts: sending a scheduled one failed'),
  };
  /** One round as of `now` (tests move the clock): how many went out. */
  const runOnce = async (now = new Date()) => {
    if (running) await running.catch(() => {});
    running = sendDueBroadcasts(app.database.db, effects, now);
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };
  const timer = setInterval(() => {
    if (!running) void runOnce().catch(effects.onEffectError);
  }, BROADCAST_CHECK_SECONDS * 1000);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running?.catch(() => {});
  });
  return { runOnce };
}

export type BroadcastJob = ReturnType<typeof startBroadcastJob>;
