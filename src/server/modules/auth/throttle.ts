import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { deleteFailure, findFailure, saveFailure } from './throttle-repo.js';

/** Failed-login counters: one per account and one per client address (which allows 4x). */
export interface ThrottleKeys {
  account: string;
  address: string;
}

const ADDRESS_FACTOR = 4;

export function throttleKeys(scope: 'user' | 'admin', account: string, ip: string): ThrottleKeys {
  return { account: `${scope}:${account.toLowerCase()}`, address: `ip:${ip}` };
}

/** 2011 while either counter is locked. */
export async function assertNotLocked(ctx: ServerContext, keys: ThrottleKeys): Promise<void> {
  const now = ctx.now();
  for (const key of [keys.account, keys.address]) {
    const row = await findFailure(ctx.db, key);
    if (row?.locked_until != null && row.locked_until > now) throw new AppError(2011);
  }
}

async function countFailure(ctx: ServerContext, key: string, maxFailures: number): Promise<void> {
  const now = ctx.now();
  const windowMs = ctx.config.loginLockSeconds * 1000;
  const row = await findFailure(ctx.db, key);
  const fresh = !row || now - row.window_start >= windowMs || (row.locked_until !== null && row.locked_until <= now);
  const count = fresh ? 1 : row.count + 1;
  const windowStart = fresh ? now : row.window_start;
  await saveFailure(ctx.db, key, count, windowStart, count >= maxFailures ? now + windowMs : null);
}

export async function recordFailure(ctx: ServerContext, keys: ThrottleKeys): Promise<void> {
  await countFailure(ctx, keys.account, ctx.config.loginMaxFailures);
  await countFailure(ctx, keys.address, ctx.config.loginMaxFailures * ADDRESS_FACTOR);
}

/** A success forgives the account's earlier failures (not the address's). */
export async function clearAccountFailures(ctx: ServerContext, keys: ThrottleKeys): Promise<void> {
  await deleteFailure(ctx.db, keys.account);
}
