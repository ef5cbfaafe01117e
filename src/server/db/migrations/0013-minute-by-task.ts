import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * rollup_minute's figures without the histogram, keyed task-first (task, minute, node) like
 * rollup_hour_by_task, kept by ingest: one task's minute buckets are then one contiguous range
 * instead of a seek per minute into the time-first rollup_minute (2,880 for a 2-day trend). Starts
 * filled from it.
 */

const COLUMNS = ['task_id', 'bucket_start', 'node_id', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max'] as const;

export const minuteByTask: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rollup_minute_by_task')
      .addColumn('task_id', 'integer', (c) => c.notNull())
      .addColumn('bucket_start', 'integer', (c) => c.notNull())
      .addColumn('node_id', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('successes', 'integer', (c) => c.notNull())
      .addColumn('latency_count', 'integer', (c) => c.notNull())
      .addColumn('latency_sum', 'real', (c) => c.notNull())
      .addColumn('latency_min', 'real')
      .addColumn('latency_max', 'real')
      .addPrimaryKeyConstraint('rollup_minute_by_task_pk', ['task_id', 'bucket_start', 'node_id'])
      .modifyEnd(sql`without rowid`)
      .execute();
    await db
      .insertInto('rollup_minute_by_task')
      .columns(COLUMNS)
      .expression((eb) => eb.selectFrom('rollup_minute').select(COLUMNS))
      .execute();
  },
};
