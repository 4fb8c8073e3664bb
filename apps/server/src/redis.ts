/**
 * The app's Redis connection for shared state between nodes (rate limits, access revocation).
 * Socket.IO's adapter keeps its own connection: it blocks on stream reads.
 */

import { createClient } from '@redis/client';
import type { FastifyBaseLogger } from 'fastify';

const connect = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof connect>;

export async function openRedis(url: string, log: FastifyBaseLogger): Promise<RedisClient> {
  const client = connect(url);
  client.on('error', (err: unknown) => log.error({ err }, 'redis error'));
  await client.connect();
  return client;
}
