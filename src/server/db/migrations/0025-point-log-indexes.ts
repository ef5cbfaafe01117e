import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * The points log (/account/translog) reads one customer's transactions newest first by time,
 * optionally of one kind and within [from, to). point_transactions_cust (cust_id, id) could only
 * walk all of the customer's rows for a time or kind filter: with 300,000 rows a page took
 * 0.5-1 s (docs/architecture.md, "Account and points log"). These serve filter and order alike
 * (the rowid, the id, ends each index, so ties on the time keep the id's order).
 */
export const pointLogIndexes: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('point_transactions_cust_time').on('point_transactions').columns(['cust_id', 'created_at']).execute();
    await db.schema.createIndex('point_transactions_cust_kind_time').on('point_transactions').columns(['cust_id', 'kind', 'created_at']).execute();
  },
};
