import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { Db } from '../../db/connection.js';

/** The customer's live traceroute tasks, for the picker. */
export function traceTasksOf(db: Db, custId: number) {
  return db
    .selectFrom('tasks')
    .select(['id', 'name', 'domain', 'status', 'node_ids'])
    .where('cust_id', '=', custId)
    .where('type', '=', MONITOR_TYPES.TRACEROUTE)
    .where('deleted_at', 'is', null)
    .execute();
}

/** The newest run of each node of one task, with its stored result (the snapshot). */
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
