import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { TasksTable } from '../../db/schema-tasks.js';
import { taskOfRow, type Task } from './task-model.js';

/** A customer's task that is not deleted; undefined for anyone else's or a deleted one. */
export async function findTask(db: Db, custId: number, taskId: number): Promise<Task | undefined> {
  const row = await db
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? taskOfRow(row) : undefined;
}

export async function insertTask(db: Db, values: Insertable<TasksTable>): Promise<Task> {
  const row = await db.insertInto('tasks').values(values).returningAll().executeTakeFirstOrThrow();
  return taskOfRow(row);
}

/** Writes the changes and bumps the version, only if the version is still `expectedVersion`. */
export async function updateTaskRow(
  db: Db,
  task: Pick<Task, 'id' | 'custId' | 'version'>,
  changes: Updateable<TasksTable>,
): Promise<Task | undefined> {
  const row = await db
    .updateTable('tasks')
    .set({ ...changes, version: task.version + 1 })
    .where('id', '=', task.id)
    .where('cust_id', '=', task.custId)
    .where('version', '=', task.version)
    .returningAll()
    .executeTakeFirst();
  return row ? taskOfRow(row) : undefined;
}

/** The customer's live tasks (id and type), for dashboards that cover every task. */
export function listTaskIds(db: Db, custId: number): Promise<{ id: number; type: number; name: string }[]> {
  return db
    .selectFrom('tasks')
    .select(['id', 'type', 'name'])
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The ids among these that no node has. */
export async function unknownNodeIds(db: Db, nodeIds: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(nodeIds)];
  if (wanted.length === 0) return [];
  const known = new Set<number>();
  for (let start = 0; start < wanted.length; start += 500) {
    const rows = await db.selectFrom('nodes').select('id').where('id', 'in', wanted.slice(start, start + 500)).execute();
    for (const row of rows) known.add(row.id);
  }
  return wanted.filter((id) => !known.has(id));
}

/** Records the contract points the task now holds (no version change: agents run nothing new). */
export async function setChargedPoints(db: Db, taskId: number, points: number): Promise<void> {
  await db.updateTable('tasks').set({ charged_points: points }).where('id', '=', taskId).execute();
}
