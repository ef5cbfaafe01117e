import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { Db } from '../../db/connection.js';

export interface SslTaskFilters {
  status?: number | undefined;
  group?: string | undefined;
}

/** The columns an SSL list row needs of the customer's live SSL tasks (optionally by status and group). */
export function sslTasksOf(db: Db, custId: number, filters: SslTaskFilters) {
  let query = db
    .selectFrom('tasks')
    .select(['id', 'name', 'domain', 'port', 'status', 'frequency_minutes', 'node_ids', 'domain_group', 'tags', 'version', 'created_at'])
    .where('cust_id', '=', custId)
    .where('type', '=', MONITOR_TYPES.SSL)
    .where('deleted_at', 'is', null);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.group !== undefined) query = query.where('domain_group', '=', filters.group);
  return query.execute();
}

export type SslTaskRow = Awaited<ReturnType<typeof sslTasksOf>>[number];

/** The newest check of every node of the customer's live SSL tasks, with the stored result. */
export function newestSslChecks(db: Db, custId: number) {
  return db
    .selectFrom('latest_results as l')
    .innerJoin('tasks as t', 't.id', 'l.task_id')
    .leftJoin('results as r', (join) =>
      join.onRef('r.id', '=', 'l.result_id').onRef('r.task_id', '=', 'l.task_id').onRef('r.node_id', '=', 'l.node_id'),
    )
    .select(['l.task_id', 'l.node_id', 'l.ts', 'r.details'])
    .where('t.cust_id', '=', custId)
    .where('t.type', '=', MONITOR_TYPES.SSL)
    .where('t.deleted_at', 'is', null)
    .execute();
}
