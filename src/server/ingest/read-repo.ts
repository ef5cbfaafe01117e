import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { HISTOGRAM_COLUMNS } from './histogram.js';
import type { RollupTableName } from './results-repo.js';

/** Tables with per-task sums by bucket: minute or hour sums per task. */
export type TaskSumsTableName = 'rollup_task_minute' | 'rollup_task_hour' | 'rollup_task_day';

/** Sums per task of a customer's live tasks (of these types, when given) over [from, to): a range scan of one table's buckets. */
export function sumsPerTask(db: Db, table: TaskSumsTableName, custId: number, from: number, to: number, types?: readonly number[]) {
  return db
    .selectFrom(table)
    .select(({ fn }) => [
      'task_id',
      fn.sum<number>('count').as('count'),
      fn.sum<number>('successes').as('successes'),
      fn.sum<number>('latency_count').as('latency_count'),
      fn.sum<number>('latency_sum').as('latency_sum'),
    ])
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', to)
    .where('task_id', 'in', (eb) => {
      const live = eb.selectFrom('tasks').select('id').where('cust_id', '=', custId).where('deleted_at', 'is', null);
      return types ? live.where('type', 'in', [...types]) : live;
    })
    .groupBy('task_id')
    .execute();
}

const TREND_COLUMNS = ['node_id', 'bucket_start', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max'] as const;

/** One task's minute rollup rows at the given bucket starts (one seek per bucket: rollups are time-first). */
export function taskMinuteBuckets(db: Db, taskId: number, buckets: readonly number[]) {
  if (buckets.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('rollup_minute')
    .select(TREND_COLUMNS)
    .where('bucket_start', 'in', buckets)
    .where('task_id', '=', taskId)
    .orderBy('node_id')
    .orderBy('bucket_start')
    .execute();
}

/** One task's hour rollup rows over [from, to): one range of the task-first copy. */
export function taskHourBuckets(db: Db, taskId: number, from: number, to: number) {
  return db
    .selectFrom('rollup_hour_by_task')
    .select(TREND_COLUMNS)
    .where('task_id', '=', taskId)
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', to)
    .orderBy('node_id')
    .orderBy('bucket_start')
    .execute();
}

/** Histogram bins summed over one task's buckets (optionally one node), with the latency range. */
export async function taskHistogram(
  db: Db,
  table: RollupTableName,
  taskId: number,
  buckets: readonly number[],
  nodeId: number | undefined,
): Promise<{ bins: number[]; min: number | null; max: number | null }> {
  if (buckets.length === 0) return { bins: [], min: null, max: null };
  let query = db
    .selectFrom(table)
    .select(({ fn }) => [
      fn.min<number | null>('latency_min').as('min'),
      fn.max<number | null>('latency_max').as('max'),
      ...HISTOGRAM_COLUMNS.map((column) => sql<number | null>`sum(${sql.ref(column)})`.as(column)),
    ])
    .where('bucket_start', 'in', buckets)
    .where('task_id', '=', taskId);
  if (nodeId !== undefined) query = query.where('node_id', '=', nodeId);
  const row = (await query.executeTakeFirst()) as Record<string, number | null> | undefined;
  const bins = HISTOGRAM_COLUMNS.map((column) => Number(row?.[column] ?? 0));
  return { bins, min: row?.min ?? null, max: row?.max ?? null };
}

/** The latest state per node of one task, with the full result it came from. */
export function latestOfTask(db: Db, taskId: number) {
  return db
    .selectFrom('latest_results as l')
    // The ids agree by construction; matching the task and node too keeps a wrong id from ever
    // showing another series' details.
    .leftJoin('results as r', (join) =>
      join.onRef('r.id', '=', 'l.result_id').onRef('r.task_id', '=', 'l.task_id').onRef('r.node_id', '=', 'l.node_id'),
    )
    .select(['l.node_id', 'l.ts', 'l.ok', 'l.latency_ms', 'l.status_code', 'l.failure_source', 'l.failure_code', 'l.ip_matched'])
    .select('r.details')
    .where('l.task_id', '=', taskId)
    .orderBy('l.node_id')
    .execute();
}
