import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { createTestDatabase } from './helpers/db.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe.skipIf(!redisUrl)('several nodes over Redis', () => {
  it('carries a broadcast from one node to another', async () => {
    const database = await createTestDatabase();
    try {
      const [a, b] = [
        await buildTestApp({ REDIS_URL: redisUrl ?? '' }, database),
        await buildTestApp({ REDIS_URL: redisUrl ?? '' }, database),
      ];
      apps.push(a, b);
      await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
      const received = new Promise<unknown>((resolve) => b.io.on('cluster:ping', resolve));
      // The streams adapter needs a moment to start reading; resend until the other node hears it.
      const timer = setInterval(() => a.io.serverSideEmit('cluster:ping', { from: 'a' }), 100);
      try {
        await expect(received).resolves.toEqual({ from: 'a' });
      } finally {
        clearInterval(timer);
      }
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await database.close();
    }
  });
});
