/**
 * Sweeps uploads never sent with a message (`UploadStore.sweepUnsent`) once an hour on every
 * node, and once soon after start. A day is far longer than any composer stays open: the apps
 * upload only while connected and send the message right after.
 */
import type { FastifyInstance } from 'fastify';

export const UNSENT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const FIRST_SWEEP_MS = 60 * 1000;

export function startUnsentUploadSweep(app: FastifyInstance) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = app.uploads
      .sweepUnsent(UNSENT_UPLOAD_TTL_MS)
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'chat: removed uploads never sent');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'chat: sweeping uploads never sent failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(sweep, FIRST_SWEEP_MS);
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook('preClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
