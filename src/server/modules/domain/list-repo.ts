import type { Db } from '../../db/connection.js';

export interface ListFilters {
  status?: number | undefined;
  group?: string | undefined;
}

const LIST_COLUMNS = ['id', 'type', 'name', 'domain', 'port', 'other_path', 'frequency_minutes', 'status', 'node_ids', 'domain_group', 'tags', 'version', 'created_at'] as const;

/**
 * The list's SQL part of which tasks and in which order: a customer's live tasks of one type
 * (optionally by status and group), by creation time then id, both in the asked direction.
 */
function listedTasks(db: Db, custId: number, type: number, filters: ListFilters, order: 'asc' | 'desc') {
  let query = db.selectFrom('tasks').where('cust_id', '=', custId).where('deleted_at', 'is', null).where('type', '=', type);
  if (filters.status !== undefined) query = query.where('status', '=', filters.status);
  if (filters.group !== undefined) query = query.where('domain_group', '=', filters.group);
  return query.orderBy('created_at', order).orderBy('id', order);
}

/** The columns a list row needs of every listed task, in the listed order. */
export function tasksOfType(db: Db, custId: number, type: number, filters: ListFilters, order: 'asc' | 'desc' = 'desc') {
  return listedTasks(db, custId, type, filters, order).select(LIST_COLUMNS).execute();
}

/** One page of the listed tasks (the columns a list row needs) and how many are listed in all. */
export async function pageOfTasks(db: Db, custId: number, type: number, filters: ListFilters, page: { order: 'asc' | 'desc'; offset: number; limit: number }) {
  const [rows, counted] = await Promise.all([
    listedTasks(db, custId, type, filters, page.order).select(LIST_COLUMNS).offset(page.offset).limit(page.limit).execute(),
    listedTasks(db, custId, type, filters, page.order).clearOrderBy().select(({ fn }) => fn.countAll<number>().as('count')).executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.count ?? 0) };
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
