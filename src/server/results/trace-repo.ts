import { MONITOR_TYPES } from '../../shared/codes.js';
import type { Db } from '../db/connection.js';

export interface TraceQuery {
  taskId: number;
  nodeId?: number | undefined;
  from: number;
  to: number;
  limit: number;
}

/**
 * One task's traceroute runs in [from, to), newest first. The `type` condition lets the partial
 * (task, node, time) index of traceroute results serve the query.
 */
export function traceRuns(db: Db, query: TraceQuery) {
  let select = db
    .selectFrom('results')
    .select(['id', 'node_id', 'ts', 'ok', 'details'])
    .where('type', '=', MONITOR_TYPES.TRACEROUTE)
    .where('task_id', '=', query.taskId);
  if (query.nodeId !== undefined) select = select.where('node_id', '=', query.nodeId);
  return select.where('ts', '>=', query.from).where('ts', '<', query.to).orderBy('ts', 'desc').limit(query.limit).execute();
}

/** One traceroute run of a live task of the customer. */
export function customerTraceRun(db: Db, custId: number, resultId: number) {
  return db
    .selectFrom('results as r')
    .innerJoin('tasks as t', 't.id', 'r.task_id')
    .select(['r.id', 'r.task_id', 'r.node_id', 'r.ts', 'r.ok', 'r.details'])
    .where('r.id', '=', resultId)
    .where('r.type', '=', MONITOR_TYPES.TRACEROUTE)
    .where('t.cust_id', '=', custId)
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
}
