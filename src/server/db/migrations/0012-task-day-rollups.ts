import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * Per (UTC day, task) sums over the nodes, kept by ingest beside the hour rollups, so a list over
 * days reads one row per task and day for the whole days of its range and hour sums only at its
 * edges (a 30-day list read 720 rows per task). Same shape and key as rollup_task_hour; starts
 * filled from it.
 */

const DAY_MS = 86_400_000;

export const taskDayRollups: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rollup_task_day')
      .addColumn('bucket_start', 'integer', (c) => c.notNull())
      .addColumn('task_id', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('successes', 'integer', (c) => c.notNull())
      .addColumn('latency_count', 'integer', (c) => c.notNull())
      .addColumn('latency_sum', 'real', (c) => c.notNull())
      .addPrimaryKeyConstraint('rollup_task_day_pk', ['bucket_start', 'task_id'])
      .modifyEnd(sql`without rowid`)
      .execute();
    await sql`insert into rollup_task_day (bucket_start, task_id, count, successes, latency_count, latency_sum)
      select bucket_start - (bucket_start % ${sql.lit(DAY_MS)}), task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
      from rollup_task_hour group by bucket_start - (bucket_start % ${sql.lit(DAY_MS)}), task_id`.execute(db);
  },
};
