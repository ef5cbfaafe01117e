import type { ServerContext } from '../../context.js';

/**
 * Calls one API key may make: bursts of up to 60, refilled at 1 per second (60 a minute sustained).
 * Kept in this process's memory: with several server instances (issue 14) each counts on its own,
 * so the rate a key gets is this times the instances it reaches, until the count moves to a store
 * they share.
 */
export const API_KEY_BURST = 60;
export const API_KEY_REFILL_PER_SECOND = 1;

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before full ones (idle keys) are dropped. */
const BUCKETS_KEPT = 10_000;

/** A token bucket per key on the server's clock. */
export class KeyRateLimiter {
  private readonly buckets = new Map<number, Bucket>();

  constructor(private readonly now: () => number) {}

  /** Takes one call from the key's bucket: 0 when allowed, else the whole seconds until it would be. */
  take(keyId: number): number {
    const now = this.now();
    const bucket = this.refilled(keyId, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / API_KEY_REFILL_PER_SECOND));
  }

  private refilled(keyId: number, now: number): Bucket {
    const bucket = this.buckets.get(keyId);
    if (!bucket) {
      if (this.buckets.size >= BUCKETS_KEPT) this.dropFull(now);
      const fresh = { tokens: API_KEY_BURST, at: now };
      this.buckets.set(keyId, fresh);
      return fresh;
    }
    const elapsedSeconds = Math.max(0, now - bucket.at) / 1000;
    bucket.tokens = Math.min(API_KEY_BURST, bucket.tokens + elapsedSeconds * API_KEY_REFILL_PER_SECOND);
    bucket.at = now;
    return bucket;
  }

  /** A bucket that would be full again is the same as none. */
  private dropFull(now: number): void {
    for (const [keyId, bucket] of this.buckets) {
      if (bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * API_KEY_REFILL_PER_SECOND >= API_KEY_BURST) this.buckets.delete(keyId);
    }
  }
}

const limiters = new WeakMap<ServerContext, KeyRateLimiter>();

/** The server's one limiter (one per app, so tests' servers never share counts). */
export function rateLimiterOf(ctx: ServerContext): KeyRateLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = new KeyRateLimiter(ctx.now);
    limiters.set(ctx, limiter);
  }
  return limiter;
}
