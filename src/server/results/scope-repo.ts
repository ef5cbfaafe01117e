import { engineOf, type Engine } from '../db/engine.js';
import { jsonIntegers, rawQuery } from '../db/sql-dialect.js';
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
  /** The task's customer: a late result moves that customer's mark (late-writes.ts). */
  cust_id: number;
  active: number;
  removed_at: number | null;
}

/** The task ids as one JSON parameter: one statement text whatever their number, prepared once. */
const ingestGatesSql = (engine: Engine) => `select a.task_id, t.type, t.cust_id, a.active, a.removed_at
  from node_assignments as a inner join tasks as t on t.id = a.task_id
  where a.node_id = ? and a.task_id in (${jsonIntegers(engine)})`;

/** What ingest needs to accept or refuse a node's results for these tasks: the node's assignments. */
export async function ingestGates(db: Db, nodeId: number, taskIds: readonly number[]): Promise<Map<number, IngestGate>> {
  if (taskIds.length === 0) return new Map();
  const { rows } = await db.executeQuery<IngestGate>(rawQuery(db, ingestGatesSql(engineOf(db)), [nodeId, JSON.stringify(taskIds)]));
  return new Map(rows.map((row) => [row.task_id, row]));
}
