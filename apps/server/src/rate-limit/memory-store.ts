/**
 * Fixed-window counters in this process: the store when REDIS_URL is unset (one node).
 */
import type { RateLimitStore } from './rate-limiter.ts';

export class MemoryRateLimitStore implements RateLimitStore {
  private windows = new Map<string, { start: number; count: number }>();

  async increment(key: string, windowMs: number, limit: number, now = Date.now()) {
    const window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size > 10_000) this.sweep(now, windowMs);
      this.windows.set(key, { start: now, count: 1 });
      return { count: 1, resetMs: windowMs };
    }
    const resetMs = window.start + windowMs - now;
    if (window.count >= limit) return { count: window.count + 1, resetMs };
    window.count += 1;
    return { count: window.count, resetMs };
  }

  async decrement(key: string, hits: number, windowMs: number, now = Date.now()) {
    const window = this.windows.get(key);
    if (window && now - window.start < windowMs) window.count = Math.max(0, window.count - hits);
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number, windowMs: number) {
    for (const [key, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(key);
  }
}
