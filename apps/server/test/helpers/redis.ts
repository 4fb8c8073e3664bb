import { createClient } from '@redis/client';

/**
 * Removes every Redis key under `prefix`. Installs name all their keys with their REDIS_PREFIX,
 * and Socket.IO's streams never expire, so a test run (whose test databases' keys, and so their
 * prefixes, start with the run's id) or a bench cluster leaves a shared Redis as it found it.
 */
export async function dropRedisKeys(url: string, prefix: string) {
  // No retries: a Redis that is down fails the run's clean-up instead of holding it up.
  const client = createClient({ url, socket: { connectTimeout: 5_000, reconnectStrategy: false } });
  client.on('error', () => {});
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 }))
      if (keys.length > 0) await client.del(keys);
  } finally {
    await client.quit();
  }
}

/** A test run's keys, when the run uses Redis (TEST_REDIS_URL). */
export async function dropRunRedisKeys(runId: string) {
  const url = process.env.TEST_REDIS_URL;
  if (url) await dropRedisKeys(url, runId);
}
