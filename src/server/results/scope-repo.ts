import type { Db } from '../db/connection.js';
import { AppError } from '../http/app-error.js';

/**
 * Every read of results is scoped to the customer: these are the module's own look-ups of which
 * tasks a customer owns and which tasks a node may report (it imports no feature module).
 */

/** The customer's live task's id and type; anyone else's, a deleted one or none is 2127. */
export async function customerTaskOf(db: Db, custId: number, taskId: number): Promise<{ id: number; type: number }> {
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'type'])
    .where('id', '=', taskId)
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!task) throw new AppError(2127);
  return task;
}

export interface IngestGate {
  task_id: number;
  type: number;
  active: number;
  removed_at: number | null;
}

/** What ingest needs to accept or refuse a node's results for these tasks: the node's assignments. */
export async function ingestGates(db: Db, nodeId: number, taskIds: readonly number[]): Promise<Map<number, IngestGate>> {
  const gates = new Map<number, IngestGate>();
  for (let start = 0; start < taskIds.length; start += 500) {
    const rows = await db
      .selectFrom('node_assignments as a')
      .innerJoin('tasks as t', 't.id', 'a.task_id')
      .select(['a.task_id', 't.type', 'a.active', 'a.removed_at'])
      .where('a.node_id', '=', nodeId)
      .where('a.task_id', 'in', taskIds.slice(start, start + 500))
      .execute();
    for (const row of rows) gates.set(row.task_id, row);
  }
  return gates;
}
