import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * Per customer, a counter ingest moves in the same transaction whenever it stores a result whose
 * start lies further back than the settling margin allows (results/late-writes.ts). The range reader
 * keeps the per-task sums of settled rollup buckets in memory and trusts them only while the counter,
 * read in its snapshot, is what it was when they were read (results/settled-sums.ts); so it holds
 * across instances on one database. No row: no late write yet (reads as 0).
 */
export const lateWriteMarks: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('late_write_marks')
      .addColumn('cust_id', 'integer', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
  },
};
