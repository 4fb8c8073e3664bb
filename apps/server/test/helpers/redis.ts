import { createClient } from 'redis';

/**
 * Removes the Redis keys a test run's installs left (each test database's key, and so its
 * REDIS_PREFIX, starts with the run's id): the Socket.IO streams have no expiry, and CI's Redis
 * is shared by every run.
 */
export async function dropRunRedisKeys(runId: string) {
  const url = process.env.TEST_REDIS_URL;
  if (!url) return;
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${runId}*`, COUNT: 1000 }))
      if (keys.length > 0) await client.del(keys);
  } finally {
    await client.quit();
  }
}
