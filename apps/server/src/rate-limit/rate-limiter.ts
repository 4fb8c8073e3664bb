/**
 * Named fixed-window limits ("sign-in: 60 a minute per address"). Counters live in a store:
 * this process's memory, or Redis when REDIS_URL is set so a limit holds across every node.
 * A store failure lets the request through (logged by the caller's store) rather than locking
 * everyone out while Redis restarts.
 */
export type RateLimitStore = {
  /**
   * Counts one hit on `key` unless `limit` are counted already (a refused request does no work,
   * so it costs nothing: a burst past the limit does not hold the key shut for the rest of the
   * window); the count this hit would make and the time until the window resets.
   */
  increment(key: string, windowMs: number, limit: number): Promise<{ count: number; resetMs: number }>;
  /** Takes `hits` back within the current window (never below zero); nothing once it has ended. */
  decrement(key: string, hits: number, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
};

export type RateLimitResult = { allowed: boolean; count: number; retryAfterMs: number };

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    /** Names the counters, so two limits on the same key never share one. */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly onStoreError: (error: unknown) => void = () => {},
  ) {}

  /** Counts a hit for `key` (an address, an account); `allowed` is false past the limit. */
  async hit(key: string): Promise<RateLimitResult> {
    try {
      const { count, resetMs } = await this.store.increment(`${this.name}:${key}`, this.windowMs, this.limit);
      return { allowed: count <= this.limit, count, retryAfterMs: count <= this.limit ? 0 : resetMs };
    } catch (error) {
      this.onStoreError(error);
      return { allowed: true, count: 0, retryAfterMs: 0 };
    }
  }

  /**
   * Takes back hits that turned out harmless (a sign-in that succeeded). Counting first and
   * refunding after keeps the limit exact under parallel requests: at most `limit` are in flight.
   */
  async refund(key: string, hits = 1) {
    if (hits > 0) await this.store.decrement(`${this.name}:${key}`, hits, this.windowMs).catch(this.onStoreError);
  }

  async reset(key: string) {
    await this.store.reset(`${this.name}:${key}`).catch(this.onStoreError);
  }
}
