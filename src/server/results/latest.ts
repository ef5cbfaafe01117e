import type { CheckResult } from '../../shared/probe/results.js';
import type { Db } from '../db/connection.js';
import type { ResultsContext } from './context.js';
import { customerTaskOf } from './scope-repo.js';

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

/** The latest state per node of one task, without the stored result. */
export function latestStatesOfTask(db: Db, taskId: number) {
  return db
    .selectFrom('latest_results')
    .select(['node_id', 'ts', 'ok', 'latency_ms', 'failure_code'])
    .where('task_id', '=', taskId)
    .orderBy('node_id')
    .execute();
}

/** When each of these tasks was last checked by any node. */
export async function lastCheckTimes(db: Db, taskIds: readonly number[]): Promise<Map<number, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('latest_results')
    .select(({ fn }) => ['task_id', fn.max<number>('ts').as('ts')])
    .where('task_id', 'in', taskIds)
    .groupBy('task_id')
    .execute();
  return new Map(rows.map((row) => [row.task_id, Number(row.ts)]));
}

export interface LatestState {
  nodeId: number;
  ts: number;
  ok: boolean;
  latencyMs: number | null;
  statusCode: number | null;
  failureSource: string | null;
  failureCode: string | null;
  ipMatched: boolean | null;
  result: CheckResult | null;
}

// Stored results were validated when they arrived; they are returned as stored, so a result kept
// under an older version of the contract still reads.
function storedResult(details: string | null): CheckResult | null {
  return details === null ? null : (JSON.parse(details) as CheckResult);
}

/** The newest result of each node running the customer's task (2127 for anyone else's). */
export async function latestByTask(ctx: Pick<ResultsContext, 'db'>, custId: number, taskId: number): Promise<LatestState[]> {
  await customerTaskOf(ctx.db, custId, taskId);
  const rows = await latestOfTask(ctx.db, taskId);
  return rows.map((row) => ({
    nodeId: row.node_id,
    ts: row.ts,
    ok: row.ok === 1,
    latencyMs: row.latency_ms,
    statusCode: row.status_code,
    failureSource: row.failure_source,
    failureCode: row.failure_code,
    ipMatched: row.ip_matched === null ? null : row.ip_matched === 1,
    result: storedResult(row.details),
  }));
}

/** The newest check of every node of one task (the traceroute picker's newest runs), with its stored result. */
export function newestRunsOf(db: Db, taskId: number) {
  return db
    .selectFrom('latest_results as l')
    // Matching task and node as well keeps a wrong id from ever showing another series' run.
    .leftJoin('results as r', (join) =>
      join.onRef('r.id', '=', 'l.result_id').onRef('r.task_id', '=', 'l.task_id').onRef('r.node_id', '=', 'l.node_id'),
    )
    .select(['l.node_id', 'l.ts', 'l.ok', 'l.result_id', 'r.details'])
    .where('l.task_id', '=', taskId)
    .execute();
}

/** The newest check of every node of the customer's live tasks of one type, with the stored result. */
export function newestChecksOfType(db: Db, custId: number, type: number) {
  return db
    .selectFrom('latest_results as l')
    .innerJoin('tasks as t', 't.id', 'l.task_id')
    .leftJoin('results as r', (join) =>
      join.onRef('r.id', '=', 'l.result_id').onRef('r.task_id', '=', 'l.task_id').onRef('r.node_id', '=', 'l.node_id'),
    )
    .select(['l.task_id', 'l.node_id', 'l.ts', 'r.details'])
    .where('t.cust_id', '=', custId)
    .where('t.type', '=', type)
    .where('t.deleted_at', 'is', null)
    .execute();
}
