import type { ServerContext } from '../../context.js';
import { claimLeaseMs } from '../../db/exclusive.js';
import { claimHead, renewClaim, type OutboxHead } from './outbox-repo.js';

/**
 * How long a message taken for a send stays away from other instances without word from its
 * sender. The sender renews it while the request is in flight (every RENEW_EVERY_MS), so a long
 * request keeps it however long it takes, while a sender that died leaves it to be tried again by
 * another instance, or by itself restarted, within this lease rather than after the request timeout.
 */
export const CLAIM_LEASE_MS = 20_000;
const RENEW_EVERY_MS = 5_000;

/**
 * Claims the message (claimHead) and runs `send` while keeping the claim fresh; undefined when
 * another instance has it. The renewal stops (and a renewal under way ends) before this returns,
 * so the caller's record of the answer is the last write of this send.
 */
export async function sendClaimed<T>(ctx: ServerContext, head: OutboxHead, send: () => Promise<T>): Promise<T | undefined> {
  const leaseMs = claimLeaseMs(ctx.db, CLAIM_LEASE_MS);
  let heldUntil = ctx.now() + leaseMs;
  if (!(await claimHead(ctx.db, head, heldUntil))) return undefined;
  if (leaseMs === 0) return send();
  let renewing: Promise<void> = Promise.resolve();
  const renew = async (): Promise<void> => {
    const next = ctx.now() + leaseMs;
    if (await renewClaim(ctx.db, head, heldUntil, next)) heldUntil = next;
    else clearInterval(timer);
  };
  const timer = setInterval(() => {
    // A failed renewal is retried at the next tick; only a lease run out lets another instance in.
    renewing = renewing.then(renew).catch((error: unknown) => ctx.log?.warn({ err: error, outboxId: head.id }, 'alert delivery: renewing a claim failed'));
  }, RENEW_EVERY_MS);
  timer.unref();
  try {
    return await send();
  } finally {
    clearInterval(timer);
    await renewing;
  }
}
