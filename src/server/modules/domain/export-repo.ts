import type { Db } from '../../db/connection.js';
import { taskOfRow, type Task } from '../tasks/task-model.js';
import type { NodeLabel } from './export-rows.js';

/** The customer's live tasks of the ids (others' and deleted ones left out), in no particular order. */
export async function tasksByIds(db: Db, custId: number, ids: readonly number[]): Promise<Task[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('tasks').selectAll().where('cust_id', '=', custId).where('deleted_at', 'is', null).where('id', 'in', ids).execute();
  return rows.map(taskOfRow);
}

/** Every catalogue node's name and slug (nodes are shared by all customers). */
export function nodeLabels(db: Db): Promise<NodeLabel[]> {
  return db.selectFrom('nodes').select(['id', 'name', 'slug']).execute();
}
