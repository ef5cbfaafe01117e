import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../db/connection.js';
import { countAttempt, deleteCounter, deleteEndedCounters, uncountAttempt } from './throttle-repo.js';

/** Password-attempt counters: one per account and one per client address (which allows 4x). */
export interface ThrottleKeys {
  account: string;
  address: string;
}

const ADDRESS_FACTOR = 4;
const PRUNE_EVERY_MS = 10 * 60_000;
const lastPruneByDb = new WeakMap<Db, number>();

/** At most every ten minutes, an attempt first clears the counters that have ended. */
async function pruneEndedCounters(db: Db, now: number, windowMs: number): Promise<void> {
  const last = lastPruneByDb.get(db);
  if (last !== undefined && now - last < PRUNE_EVERY_MS) return;
  lastPruneByDb.set(db, now);
  await deleteEndedCounters(db, now, windowMs);
}

export function throttleKeys(scope: 'user' | 'admin', account: string, ip: string): ThrottleKeys {
  return { account: `${scope}:${account.toLowerCase()}`, address: `ip:${ip}` };
}

/** Counts the attempt on the account, then on the address; 2011 once either is past its limit. */
async function admitAttempt(ctx: ServerContext, keys: ThrottleKeys): Promise<void> {
  const now = ctx.now();
  const windowMs = ctx.config.loginLockSeconds * 1000;
  const max = ctx.config.loginMaxFailures;
  await pruneEndedCounters(ctx.db, now, windowMs);
  if ((await countAttempt(ctx.db, keys.account, { now, windowMs, max })) > max) throw new AppError(2011);
  const addressMax = max * ADDRESS_FACTOR;
  if ((await countAttempt(ctx.db, keys.address, { now, windowMs, max: addressMax })) > addressMax) throw new AppError(2011);
}

/**
 * Runs a password check under the throttle. The attempt is counted before the slow check, so parallel
 * guesses cannot all get past a limit that none of them has counted yet. `check` answers what it
 * verified, or undefined for a wrong password. A success forgives the account's failures and gives
 * the address back its attempt, so the address counter keeps only failures.
 */
export async function throttledCheck<T>(ctx: ServerContext, keys: ThrottleKeys, check: () => Promise<T | undefined>): Promise<T | undefined> {
  await admitAttempt(ctx, keys);
  const verified = await check();
  if (verified !== undefined) {
    await deleteCounter(ctx.db, keys.account);
    await uncountAttempt(ctx.db, keys.address);
  }
  return verified;
}
