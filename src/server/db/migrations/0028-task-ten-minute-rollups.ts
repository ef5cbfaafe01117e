import { sql, type Migration } from 'kysely';
import { engineOf } from '../engine.js';
import { rangePartitionsOf } from '../partitions.js';
import type { AnyDb } from './any-db.js';
import { partitionRollups } from './0026-time-partitions.js';

/*
 * Per (10 minutes, task) sums over the nodes, kept by ingest beside rollup_task_minute and pruned
 * with it, so a "last hour" reads its first edge hour as at most a few ten-minute and minute rows
 * per task instead of some thirty minute rows (docs/architecture.md, "Load"). Same shape and key as
 * rollup_task_minute; starts filled from it, so the reader trusts it wherever the minutes are kept.
 * On PostgreSQL it is partitioned as rollup_task_minute is (same retention, same spans), its
 * partitions made before the fill so the rows land in them rather than in the default one.
 */

const TEN_MINUTES_MS = 600_000;

async function partitionLikeTaskMinutes(db: AnyDb): Promise<void> {
  await partitionRollups(db, 'rollup_task_ten_minute');
  for (const { from, to } of await rangePartitionsOf(db, 'rollup_task_minute')) {
    await sql`create table ${sql.id(`rollup_task_ten_minute_p${from}`)} partition of rollup_task_ten_minute for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(db);
  }
}

export const taskTenMinuteRollups: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('rollup_task_ten_minute')
      .addColumn('bucket_start', 'integer', (c) => c.notNull())
      .addColumn('task_id', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('successes', 'integer', (c) => c.notNull())
      .addColumn('latency_count', 'integer', (c) => c.notNull())
      .addColumn('latency_sum', 'real', (c) => c.notNull())
      .addPrimaryKeyConstraint('rollup_task_ten_minute_pk', ['bucket_start', 'task_id'])
      .modifyEnd(sql`without rowid`)
      .execute();
    if (engineOf(db) === 'postgres') await partitionLikeTaskMinutes(db);
    await sql`insert into rollup_task_ten_minute (bucket_start, task_id, count, successes, latency_count, latency_sum)
      select bucket_start - (bucket_start % ${sql.lit(TEN_MINUTES_MS)}), task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
      from rollup_task_minute group by bucket_start - (bucket_start % ${sql.lit(TEN_MINUTES_MS)}), task_id`.execute(db);
  },
};
