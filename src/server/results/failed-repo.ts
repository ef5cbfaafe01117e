import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

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
