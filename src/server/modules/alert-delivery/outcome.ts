import { DELIVERY_ERRORS } from '../../../shared/alerts/delivery-errors.js';
import type { Db } from '../../db/connection.js';
import { markChatBlocked, markFailed, markRetry, markSent, type OutboxHead } from './outbox-repo.js';
import { GIVE_UP_AFTER_MS, retryDelayMs } from './pacing.js';
import type { SendOutcome } from './telegram.js';

const UNAVAILABLE_ERRORS = {
  server: DELIVERY_ERRORS.unavailable,
  timeout: DELIVERY_ERRORS.timeout,
  network: DELIVERY_ERRORS.network,
} as const;

/** Records what the Bot API answered for one message, right after the answer (its own small write). */
export async function recordOutcome(db: Db, head: OutboxHead, outcome: SendOutcome, now: number): Promise<void> {
  switch (outcome.kind) {
    case 'sent':
      return markSent(db, head, now, outcome.messageId);
    case 'rate_limited':
      return markRetry(db, head, { now, nextAttemptAt: now + outcome.retryAfterMs, error: DELIVERY_ERRORS.rateLimited, failing: false });
    case 'blocked':
      return markChatBlocked(db, head, now, DELIVERY_ERRORS.blocked);
    case 'rejected':
      return markFailed(db, head, DELIVERY_ERRORS.rejected);
    case 'unavailable': {
      if (now - head.createdAt >= GIVE_UP_AFTER_MS) return markFailed(db, head, DELIVERY_ERRORS.expired);
      const error = UNAVAILABLE_ERRORS[outcome.reason];
      return markRetry(db, head, { now, nextAttemptAt: now + retryDelayMs(head.attempts + 1), error, failing: true });
    }
  }
}
