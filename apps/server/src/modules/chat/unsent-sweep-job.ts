/**
 * Sweeps uploads never sent with a message (`UploadStore.sweepUnsent`) once an hour on every
 * node, and once soon after start. A day is far longer than any composer stays open: the apps
 * upload only while connected and send the message right after.
 */
import type { FastifyInstance } from 'fastify';
import { startRepeatingJob } from '../../repeating-job.ts';

export const UNSENT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export function startUnsentUploadSweep(app: FastifyInstance) {
  startRepeatingJob(app, {
    everyMs: 60 * 60 * 1000,
    firstAfterMs: 60 * 1000,
    failed: 'chat: sweeping uploads never sent failed',
    round: async () => {
      const removed = await app.uploads.sweepUnsent(UNSENT_UPLOAD_TTL_MS);
      if (removed > 0) app.log.info({ removed }, 'chat: removed uploads never sent');
    },
  });
}
