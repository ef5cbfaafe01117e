import type { Db } from '../db/connection.js';
import { MINUTE_MS } from './range-pieces.js';

/**
 * A rollup bucket is settled once it ended this long before the reader's clock: its per-task sums
 * may then be kept in memory (settled-sums.ts). 5 minutes: a check's result normally reaches the
 * store within its timeout (at most 120 s) and the agent's flush (3 s) of its start, and only the
 * first minutes of an hour read the previous hour's row fresh because of it.
 */
export const SETTLING_MS = 5 * MINUTE_MS;

/**
 * Ingest moves the customer's mark when it stores a result that started longer ago than this (at
 * its own clock). Half the settling margin: what a reader kept stays exact as long as an ingest
 * transaction that commits after a reader's snapshot began read its clock no more than
 * SETTLING_MS - LATE_AFTER_MS (2.5 minutes) before that reader read its own, covering the clocks'
 * difference between instances and the transaction's length from its clock reading to its commit.
 */
export const LATE_AFTER_MS = SETTLING_MS / 2;

/** Moves the marks of these customers, in the transaction storing their late results (ordered: no deadlock between two such). */
export async function markLateWrites(db: Db, custIds: readonly number[]): Promise<void> {
  if (custIds.length === 0) return;
  await db
    .insertInto('late_write_marks')
    .values([...custIds].sort((a, b) => a - b).map((custId) => ({ cust_id: custId, value: 1 })))
    .onConflict((conflict) => conflict.column('cust_id').doUpdateSet((eb) => ({ value: eb('late_write_marks.value', '+', 1) })))
    .execute();
}

/** The customer's mark in the reader's snapshot; 0 before any late write. */
export async function lateWriteMark(db: Db, custId: number): Promise<number> {
  const row = await db.selectFrom('late_write_marks').select('value').where('cust_id', '=', custId).executeTakeFirst();
  return row?.value ?? 0;
}
