import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * Two more hour rollups, kept by ingest beside rollup_hour, so dashboards read few, narrow rows:
 * - rollup_task_hour: per (hour, task) over all nodes, time-first like rollup_hour, for the
 *   all-task availability (one row per task and hour instead of one per task, node and hour);
 * - rollup_hour_by_task: rollup_hour's figures without the histogram, task-first, for one task's
 *   per-node trend (one contiguous range instead of one seek per hour).
 * Both start filled from rollup_hour. `without rowid` is SQLite's; PostgreSQL drops it.
 */

async function createTaskHour(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rollup_task_hour')
    .addColumn('bucket_start', 'integer', (c) => c.notNull())
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('successes', 'integer', (c) => c.notNull())
    .addColumn('latency_count', 'integer', (c) => c.notNull())
    .addColumn('latency_sum', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('rollup_task_hour_pk', ['bucket_start', 'task_id'])
    .modifyEnd(sql`without rowid`)
    .execute();
  await db
    .insertInto('rollup_task_hour')
    .columns(['bucket_start', 'task_id', 'count', 'successes', 'latency_count', 'latency_sum'])
    .expression((eb) =>
      eb
        .selectFrom('rollup_hour')
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
}

const BY_TASK_COLUMNS = [
  'task_id', 'bucket_start', 'node_id', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max',
] as const;

async function createHourByTask(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rollup_hour_by_task')
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('bucket_start', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('successes', 'integer', (c) => c.notNull())
    .addColumn('latency_count', 'integer', (c) => c.notNull())
    .addColumn('latency_sum', 'real', (c) => c.notNull())
    .addColumn('latency_min', 'real')
    .addColumn('latency_max', 'real')
    .addPrimaryKeyConstraint('rollup_hour_by_task_pk', ['task_id', 'bucket_start', 'node_id'])
    .modifyEnd(sql`without rowid`)
    .execute();
  await db
    .insertInto('rollup_hour_by_task')
    .columns(BY_TASK_COLUMNS)
    .expression((eb) => eb.selectFrom('rollup_hour').select(BY_TASK_COLUMNS))
    .execute();
}

export const taskRollups: Migration = {
  async up(db: AnyDb) {
    await createTaskHour(db);
    await createHourByTask(db);
  },
};
