/**
 * Fixed-window counters in Redis, shared by every node: INCR and PEXPIRE NX in one script, so
 * the window starts with its first hit and no node can reset another's count.
 */
import type { RedisClient } from '../redis.ts';
import type { RateLimitStore } from './rate-limiter.ts';

const SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
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

  async increment(key: string, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(SCRIPT, {
      keys: [`${this.prefix}${key}`],
      arguments: [String(windowMs)],
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
