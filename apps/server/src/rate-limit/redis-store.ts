/**
 * Fixed-window counters in Redis, shared by every node: one script reads, counts and sets the
 * expiry, so the window starts with its first hit and no node can reset another's count. A key
 * at its limit is not counted further (the request is refused and does no work), and a key whose
 * refunds brought it to zero keeps its window.
 */
import type { RedisClient } from '../redis.ts';
import type { RateLimitStore } from './rate-limiter.ts';

const SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current >= tonumber(ARGV[2]) then return {current + 1, redis.call('PTTL', KEYS[1])} end
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

// Only a live window, never below zero: a DECRBY on an expired key would leave a negative count
// with no expiry. DECRBY keeps the key's expiry.
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1]))) end
return 0
`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  async increment(key: string, windowMs: number, limit: number) {
    const [count, ttl] = (await this.redis.eval(SCRIPT, {
      keys: [`${this.prefix}${key}`],
      arguments: [String(windowMs), String(limit)],
    })) as [number, number];
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async decrement(key: string, hits: number) {
    await this.redis.eval(DECREMENT, { keys: [`${this.prefix}${key}`], arguments: [String(hits)] });
  }

  async reset(key: string) {
    await this.redis.del(`${this.prefix}${key}`);
  }
}
