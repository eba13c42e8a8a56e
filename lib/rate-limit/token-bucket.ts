/**
 * An in-memory token bucket, for limits on a hot path inside one process (a bot's calls over its
 * runner channel, its gateway identifies): `capacity` at once, refilled at `perSecond`. Limits
 * that must hold across processes use consumeRateLimit (PostgreSQL) instead.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly capacity: number,
    now = Date.now(),
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  /** Tokens there are now, without taking one. */
  available(now = Date.now()): number {
    return Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
  }

  /** Takes one token; false when none is left for now. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
