import type { Db } from '../../db/connection.js';

/** The columns a list row needs of a customer's live tasks of one type (optionally by status and group). */
export function tasksOfType(db: Db, custId: number, type: number, filters: { status?: number | undefined; group?: string | undefined }) {
  let query = db
    .selectFrom('tasks')
    .select(['id', 'type', 'name', 'domain', 'port', 'other_path', 'frequency_minutes', 'status', 'node_ids', 'domain_group', 'tags', 'version', 'created_at'])
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null)
    .where('type', '=', type);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.group !== undefined) query = query.where('domain_group', '=', filters.group);
  return query.execute();
}

export type ListTaskRow = Awaited<ReturnType<typeof tasksOfType>>[number];

/** A customer's live tasks for the search picker (optionally of one type). */
export function searchableTasks(db: Db, custId: number, type: number | undefined) {
  let query = db
    .selectFrom('tasks')
    .select(['id', 'type', 'name', 'domain', 'port', 'status'])
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null);
  if (type !== undefined) query = query.where('type', '=', type);
  return query.execute();
}

/** Live task counts of a customer by type and status. */
export function countsByTypeAndStatus(db: Db, custId: number) {
  return db
    .selectFrom('tasks')
    .select(({ fn }) => ['type', 'status', fn.countAll<number>().as('count')])
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null)
    .groupBy(['type', 'status'])
    .execute();
}
