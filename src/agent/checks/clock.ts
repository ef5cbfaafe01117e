import type { Failure } from '../../shared/probe/results.js';

/** A monotonic instant in nanoseconds; differences give sub-millisecond phase timings. */
export function clockNow(): bigint {
  return process.hrtime.bigint();
}

/** Milliseconds rounded to 3 decimals (microseconds): the resolution every timing is reported in. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** Milliseconds between two instants, rounded to 3 decimals (microseconds). */
export function msBetween(from: bigint, to: bigint): number {
  return roundMs(Number(to - from) / 1e6);
}

export function msSince(from: bigint): number {
  return msBetween(from, clockNow());
}

export interface Stopwatch {
  /** ISO wall-clock time it started: a result's `startedAt`. */
  startedAt: string;
  /** The monotonic instant it started. */
  started: bigint;
  /** Milliseconds since it started, rounded to microseconds. */
  elapsedMs(): number;
}

/** A check's duration: wall-clock start for the record, monotonic clock for the length. */
export function startStopwatch(): Stopwatch {
  const started = clockNow();
  return { startedAt: new Date().toISOString(), started, elapsedMs: () => msSince(started) };
}

/** The time one check may take; every phase (resolve, connect, handshake, response) draws on it. */
export class Budget {
  private readonly endsAt: bigint;

  constructor(
    timeoutMs: number,
    readonly signal?: AbortSignal,
  ) {
    this.endsAt = clockNow() + BigInt(Math.round(timeoutMs * 1e6));
  }

  remainingMs(): number {
    const left = Number(this.endsAt - clockNow()) / 1e6;
    return Math.max(0, left);
  }
}

export type Settled<T> = { ok: true; value: T } | { ok: false; failure: Failure };

const TIMEOUT: Failure = { source: 'target', code: 'timeout' };
const ABORTED: Failure = { source: 'probe', code: 'timeout', detail: 'aborted' };

/**
 * Waits for one phase within what is left of the budget. On expiry or abort `onExpire` runs (it
 * destroys the socket), and a later rejection of `work` is ignored. A rejection becomes a failure
 * through `failureOf`.
 */
export function settleWithin<T>(
  work: Promise<T>,
  budget: Budget,
  failureOf: (error: unknown) => Failure,
  onExpire: () => void = () => undefined,
): Promise<Settled<T>> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (outcome: Settled<T>, expired: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      budget.signal?.removeEventListener('abort', onAbort);
      if (expired) onExpire();
      resolve(outcome);
    };
    const onAbort = (): void => finish({ ok: false, failure: ABORTED }, true);
    const timer = setTimeout(() => finish({ ok: false, failure: TIMEOUT }, true), budget.remainingMs());
    if (budget.signal?.aborted) onAbort();
    budget.signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => finish({ ok: true, value }, false),
      (error: unknown) => finish({ ok: false, failure: failureOf(error) }, false),
    );
  });
}
