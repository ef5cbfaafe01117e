import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * Per (minute, task) sums over the nodes, kept by ingest beside rollup_minute, so a list or an
 * overview over the last hours reads one row per task and minute instead of one per task, node and
 * minute (the task list over 1 h read 600,000 rows for 1,000 tasks on 10 nodes). Same shape and
 * key as rollup_task_hour; starts filled from rollup_minute.
 */

export const taskMinuteRollups: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rollup_task_minute')
      .addColumn('bucket_start', 'integer', (c) => c.notNull())
      .addColumn('task_id', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('successes', 'integer', (c) => c.notNull())
      .addColumn('latency_count', 'integer', (c) => c.notNull())
      .addColumn('latency_sum', 'real', (c) => c.notNull())
      .addPrimaryKeyConstraint('rollup_task_minute_pk', ['bucket_start', 'task_id'])
      .modifyEnd(sql`without rowid`)
      .execute();
    await db
      .insertInto('rollup_task_minute')
      .columns(['bucket_start', 'task_id', 'count', 'successes', 'latency_count', 'latency_sum'])
      .expression((eb) =>
        eb
          .selectFrom('rollup_minute')
          .select(({ fn }) => [
            'bucket_start',
            'task_id',
            fn.sum('count').as('count'),
            fn.sum('successes').as('successes'),
            fn.sum('latency_count').as('latency_count'),
            fn.sum('latency_sum').as('latency_sum'),
          ])
          .groupBy(['bucket_start', 'task_id']),
      )
      .execute();
  },
};
