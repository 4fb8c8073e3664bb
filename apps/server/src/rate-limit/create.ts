/**
 * Builds the app's rate limiters on one store: Redis when the app has a connection, else memory.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClient } from '../redis.ts';
import { MemoryRateLimitStore } from './memory-store.ts';
import { RateLimiter, type RateLimitStore } from './rate-limiter.ts';
import { RedisRateLimitStore } from './redis-store.ts';

export type RateLimiters = {
  store: RateLimitStore;
  create: (name: string, limit: number, windowMs?: number) => RateLimiter;
};

export function createRateLimiters(
  redis: RedisClient | undefined,
  log: FastifyBaseLogger,
  prefix: string,
): RateLimiters {
  const store = redis ? new RedisRateLimitStore(redis, prefix) : new MemoryRateLimitStore();
  const onStoreError = (err: unknown) => log.warn({ err }, 'rate-limit store unavailable; request allowed');
  return { store, create: (name, limit, windowMs) => new RateLimiter(store, name, limit, windowMs, onStoreError) };
}
