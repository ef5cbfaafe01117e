import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

/**
 * SQL of the task detail reads. Rollup reads take one task: minute buckets by seeking each bucket
 * (rollup_minute is time-first), hour buckets as one range of the task-first copy
 * rollup_hour_by_task. Raw results are read only for failed logs, through the partial index of
 * failed results (migration 0009).
 */

/** Sums of rollup rows: per node, or per bucket over all nodes. */
export interface RollupSums {
  count: number;
  successes: number;
  latency_count: number;
  latency_sum: number;
  latency_min: number | null;
  latency_max: number | null;
}

const sumColumns = [
  sql<number>`sum(count)`.as('count'),
  sql<number>`sum(successes)`.as('successes'),
  sql<number>`sum(latency_count)`.as('latency_count'),
  sql<number>`sum(latency_sum)`.as('latency_sum'),
  sql<number | null>`min(latency_min)`.as('latency_min'),
  sql<number | null>`max(latency_max)`.as('latency_max'),
];

/** Per node sums of one task's minute buckets at the given starts. */
export function minuteSumsPerNode(db: Db, taskId: number, buckets: readonly number[]): Promise<(RollupSums & { node_id: number })[]> {
  if (buckets.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('rollup_minute')
    .select('node_id')
    .select(sumColumns)
    .where('bucket_start', 'in', buckets)
    .where('task_id', '=', taskId)
    .groupBy('node_id')
    .execute();
}

/** Per node sums of one task's hour buckets starting in [from, to). */
export function hourSumsPerNode(db: Db, taskId: number, from: number, to: number): Promise<(RollupSums & { node_id: number })[]> {
  if (!(to > from)) return Promise.resolve([]);
  return db
    .selectFrom('rollup_hour_by_task')
    .select('node_id')
    .select(sumColumns)
    .where('task_id', '=', taskId)
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', to)
    .groupBy('node_id')
    .execute();
}

/** One task's minute buckets at the given starts, summed over its nodes (or the nodes given). */
export function minuteTotals(
  db: Db,
  taskId: number,
  buckets: readonly number[],
  nodeIds?: readonly number[],
): Promise<(RollupSums & { bucket_start: number; node_id: number })[]> {
  if (buckets.length === 0 || nodeIds?.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('rollup_minute')
    .select(['bucket_start', nodeIds ? 'node_id' : sql<number>`0`.as('node_id')])
    .select(sumColumns)
    .where('bucket_start', 'in', buckets)
    .where('task_id', '=', taskId);
  if (nodeIds) query = query.where('node_id', 'in', nodeIds);
  return query
    .groupBy(nodeIds ? ['bucket_start', 'node_id'] : ['bucket_start'])
    .orderBy('bucket_start')
    .execute();
}

/** One task's hour buckets starting in [from, to), summed over its nodes (or per node of those given). */
export function hourTotals(
  db: Db,
  taskId: number,
  from: number,
  to: number,
  nodeIds?: readonly number[],
): Promise<(RollupSums & { bucket_start: number; node_id: number })[]> {
  if (!(to > from) || nodeIds?.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('rollup_hour_by_task')
    .select(['bucket_start', nodeIds ? 'node_id' : sql<number>`0`.as('node_id')])
    .select(sumColumns)
    .where('task_id', '=', taskId)
    .where('bucket_start', '>=', from)
    .where('bucket_start', '<', to);
  if (nodeIds) query = query.where('node_id', 'in', nodeIds);
  return query
    .groupBy(nodeIds ? ['bucket_start', 'node_id'] : ['bucket_start'])
    .orderBy('bucket_start')
    .execute();
}

/** The latest state per node of one task, without the stored result. */
export function latestStatesOfTask(db: Db, taskId: number) {
  return db
    .selectFrom('latest_results')
    .select(['node_id', 'ts', 'ok', 'latency_ms', 'failure_code'])
    .where('task_id', '=', taskId)
    .orderBy('node_id')
    .execute();
}

/**
 * One task's newest failed results, optionally in [from, to). `ok = 0` is written as a literal so
 * SQLite sees the condition of the partial index results_failed when it plans the statement.
 */
export function failedResultsQuery(db: Db, taskId: number, limit: number, range?: { from: number; to: number }) {
  let query = db
    .selectFrom('results')
    .select(['id', 'node_id', 'ts', 'status_code', 'failure_source', 'failure_code', 'details'])
    .where('task_id', '=', taskId)
    .where(sql<boolean>`ok = 0`);
  if (range) query = query.where('ts', '>=', range.from).where('ts', '<', range.to);
  return query.orderBy('ts', 'desc').orderBy('id', 'desc').limit(limit);
}

export function failedResultsOfTask(db: Db, taskId: number, limit: number, range?: { from: number; to: number }) {
  return failedResultsQuery(db, taskId, limit, range).execute();
}
