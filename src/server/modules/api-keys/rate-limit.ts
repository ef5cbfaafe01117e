import type { ServerContext } from '../../context.js';
import { sharedByInstances } from '../../db/exclusive.js';
import { bucketFullAt, takeBucketCall, type BucketShape } from './rate-repo.js';

/**
 * Calls one API key may make: bursts of up to 60, refilled at 1 per second (60 a minute sustained),
 * across all instances. On PostgreSQL (several instances may share it) the bucket is a row taken by
 * one statement per call (`rate-repo.ts`); on SQLite (one process) it stays in memory, where it
 * costs a map lookup instead of a write transaction per call (bench `server.apikey_rate.*`: the
 * row take is a tenth to a fifth of an authenticated call's time).
 */
export const API_KEY_BURST = 60;
export const API_KEY_REFILL_PER_SECOND = 1;

const SHAPE: BucketShape = { burst: API_KEY_BURST, intervalMs: 1000 / API_KEY_REFILL_PER_SECOND };

/** Whole seconds until a refused call would be allowed, by the GCRA time `fullAt` (at least 1). */
function retryAfterSeconds(fullAt: number, now: number): number {
  const allowedAt = Math.max(fullAt, now) + SHAPE.intervalMs - SHAPE.burst * SHAPE.intervalMs;
  return Math.max(1, Math.ceil((allowedAt - now) / 1000));
}

export interface KeyRateLimiter {
  /** Takes one call from the key's bucket: 0 when allowed, else the whole seconds until it would be. */
  take(keyId: number): Promise<number>;
}

/** Buckets kept in memory before those full again (idle keys) are dropped. */
const BUCKETS_KEPT = 10_000;

/** The same GCRA as the shared row, in this process's memory (`fullAt` per key). */
export class MemoryKeyRateLimiter implements KeyRateLimiter {
  private readonly fullAt = new Map<number, number>();

  constructor(private readonly now: () => number) {}

  take(keyId: number): Promise<number> {
    const now = this.now();
    const next = Math.max(this.fullAt.get(keyId) ?? now, now) + SHAPE.intervalMs;
    if (next > now + SHAPE.burst * SHAPE.intervalMs) return Promise.resolve(retryAfterSeconds(this.fullAt.get(keyId) ?? now, now));
    if (!this.fullAt.has(keyId) && this.fullAt.size >= BUCKETS_KEPT) this.dropFull(now);
    this.fullAt.set(keyId, next);
    return Promise.resolve(0);
  }

  /** A bucket that would be full again is the same as none. */
  private dropFull(now: number): void {
    for (const [keyId, fullAt] of this.fullAt) if (fullAt <= now) this.fullAt.delete(keyId);
  }
}

/** The bucket as a row every instance takes from. */
class SharedKeyRateLimiter implements KeyRateLimiter {
  constructor(private readonly ctx: Pick<ServerContext, 'db' | 'now'>) {}

  async take(keyId: number): Promise<number> {
    const now = this.ctx.now();
    if (await takeBucketCall(this.ctx.db, keyId, now, SHAPE)) return 0;
    return retryAfterSeconds((await bucketFullAt(this.ctx.db, keyId)) ?? now, now);
  }
}

const limiters = new WeakMap<ServerContext, KeyRateLimiter>();

/** The server's one limiter (one per app, so tests' servers on SQLite never share counts). */
export function rateLimiterOf(ctx: ServerContext): KeyRateLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = sharedByInstances(ctx.db) ? new SharedKeyRateLimiter(ctx) : new MemoryKeyRateLimiter(ctx.now);
    limiters.set(ctx, limiter);
  }
  return limiter;
}
