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
