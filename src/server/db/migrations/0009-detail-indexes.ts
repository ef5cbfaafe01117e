import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * A task's failed checks, newest first, for the detail screen's failed logs. Partial: only failed
 * results enter it, so the ingest of the (mostly successful) results still only appends to the
 * time index, and a task with rare failures is read without scanning every task's results.
 */
export const detailIndexes: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('results_failed')
      .on('results')
      .columns(['task_id', 'ts'])
      .where(sql.ref('ok'), '=', sql.lit(0))
      .execute();
  },
};
