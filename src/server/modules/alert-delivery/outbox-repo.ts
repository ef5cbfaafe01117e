import type { Db } from '../../db/connection.js';
import { BLOCKED_CHAT } from './log-writer.js';

/** The outbox rows the sender reads and writes; every write is its own small transaction. */

export interface OutboxHead {
  id: number;
  custId: number;
  chatId: string;
  text: string;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
}

/** How many chats' first pending messages one pass reads at most. */
const HEADS_READ_MAX = 1000;

/**
 * The oldest pending message of each chat (the only one of the chat that may go next: a chat's
 * later message never overtakes an earlier one), oldest first, due or not.
 */
export async function pendingHeads(db: Db): Promise<OutboxHead[]> {
  const rows = await db
    .selectFrom('alert_outbox as o')
    .innerJoin(
      (qb) =>
        qb
          .selectFrom('alert_outbox')
          .select((eb) => eb.fn.min('id').as('head_id'))
          .where('state', '=', 'pending')
          .groupBy('chat_id')
          .as('h'),
      (join) => join.onRef('h.head_id', '=', 'o.id'),
    )
    .select(['o.id', 'o.cust_id', 'o.chat_id', 'o.text', 'o.attempts', 'o.next_attempt_at', 'o.created_at'])
    .orderBy('o.id')
    .limit(HEADS_READ_MAX)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    custId: row.cust_id,
    chatId: row.chat_id,
    text: row.text,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
  }));
}

/**
 * Takes the message for this instance's send: it is still pending and unchanged since the read
 * (another instance that took it moved `next_attempt_at` on), and nobody else tries it before
 * `leaseUntil` unless this send's answer is recorded first. False: another instance has it.
 */
export async function claimHead(db: Db, head: OutboxHead, leaseUntil: number): Promise<boolean> {
  const result = await db
    .updateTable('alert_outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', head.id)
    .where('state', '=', 'pending')
    .where('next_attempt_at', '=', head.nextAttemptAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves this instance's claim on to `leaseUntil`, while it still holds it (the lease it set last is
 * still there, the message still pending). False: the claim is gone (answered, or taken over).
 */
export async function renewClaim(db: Db, head: OutboxHead, heldUntil: number, leaseUntil: number): Promise<boolean> {
  const result = await db
    .updateTable('alert_outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', head.id)
    .where('state', '=', 'pending')
    .where('next_attempt_at', '=', heldUntil)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markSent(db: Db, head: OutboxHead, now: number, messageId: string): Promise<void> {
  await db
    .updateTable('alert_outbox')
    .set({ state: 'sent', sent_at: now, attempts: head.attempts + 1, provider_message_id: messageId })
    .where('id', '=', head.id)
    .execute();
  await setChatDelivery(db, head, 'ok', now);
}

/** Another try at `nextAttemptAt`; `failing` says the chat is not being reached (not a mere rate limit). */
export async function markRetry(db: Db, head: OutboxHead, retry: { now: number; nextAttemptAt: number; error: string; failing: boolean }): Promise<void> {
  await db
    .updateTable('alert_outbox')
    .set({ attempts: head.attempts + 1, next_attempt_at: retry.nextAttemptAt, last_error: retry.error })
    .where('id', '=', head.id)
    .execute();
  if (retry.failing) await setChatDelivery(db, head, 'failing', retry.now);
}

export async function markFailed(db: Db, head: OutboxHead, error: string): Promise<void> {
  await db
    .updateTable('alert_outbox')
    .set({ state: 'failed', attempts: head.attempts + 1, last_error: error })
    .where('id', '=', head.id)
    .execute();
}

/** The chat blocked the bot: it shows as blocked and none of its waiting messages are tried. */
export async function markChatBlocked(db: Db, head: OutboxHead, now: number, error: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('alert_outbox')
      .set({ state: 'blocked', attempts: head.attempts + 1, last_error: error })
      .where('id', '=', head.id)
      .execute();
    await trx
      .updateTable('alert_outbox')
      .set({ state: 'blocked', last_error: error })
      .where('cust_id', '=', head.custId)
      .where('chat_id', '=', head.chatId)
      .where('state', '=', 'pending')
      .execute();
    await trx
      .updateTable('alert_chats')
      .set({ delivery: BLOCKED_CHAT, delivery_changed_at: now })
      .where('cust_id', '=', head.custId)
      .where('chat_id', '=', head.chatId)
      .execute();
  });
}

/**
 * 'ok' after a success (a delivered message proves even a blocked chat reachable again: a test
 * message the user sent it), 'failing' while retried (a blocked chat stays blocked).
 */
async function setChatDelivery(db: Db, head: OutboxHead, delivery: 'ok' | 'failing', now: number): Promise<void> {
  await db
    .updateTable('alert_chats')
    .set({ delivery, delivery_changed_at: now })
    .where('cust_id', '=', head.custId)
    .where('chat_id', '=', head.chatId)
    .where('delivery', 'not in', delivery === 'ok' ? ['ok'] : ['failing', BLOCKED_CHAT])
    .execute();
}
