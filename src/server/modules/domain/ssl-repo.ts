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
