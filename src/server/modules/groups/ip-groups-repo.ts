import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { IpGroupsTable } from '../../db/schema-groups.js';
import type { TaskRow } from '../tasks/task-model.js';
import { containsText, SORT_COLUMNS, type PageQuery } from './names.js';

export type IpGroupRow = Selectable<IpGroupsTable>;

function ofCustomer(db: Db, custId: number, keyword = '') {
  let query = db.selectFrom('ip_groups').where('cust_id', '=', custId);
  // The addresses are JSON text of plain address strings, so a part of an address matches as text.
  if (keyword !== '') query = query.where((eb) => eb.or([containsText('name', keyword), containsText('ips', keyword)]));
  return query;
}

export async function countIpGroups(db: Db, custId: number, keyword: string): Promise<number> {
  const row = await ofCustomer(db, custId, keyword).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export function pageOfIpGroups(db: Db, custId: number, page: PageQuery): Promise<IpGroupRow[]> {
  return ofCustomer(db, custId, page.keyword)
    .selectAll()
    .orderBy(SORT_COLUMNS[page.sortBy], page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function ipGroupNames(db: Db, custId: number): Promise<{ id: number; name: string }[]> {
  return ofCustomer(db, custId).select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export function findIpGroup(db: Db, custId: number, id: number): Promise<IpGroupRow | undefined> {
  return ofCustomer(db, custId).selectAll().where('id', '=', id).executeTakeFirst();
}

export function ipGroupByName(db: Db, custId: number, name: string): Promise<IpGroupRow | undefined> {
  return ofCustomer(db, custId).selectAll().where('name', '=', name).executeTakeFirst();
}

export function insertIpGroup(db: Db, custId: number, group: { name: string; ips: string[] }, now: number): Promise<IpGroupRow> {
  return db
    .insertInto('ip_groups')
    .values({ cust_id: custId, name: group.name, ips: JSON.stringify(group.ips), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function replaceIpGroup(db: Db, row: IpGroupRow, group: { name: string; ips: string[] }, now: number): Promise<IpGroupRow> {
  return db
    .updateTable('ip_groups')
    .set({ name: group.name, ips: JSON.stringify(group.ips), updated_at: now })
    .where('id', '=', row.id)
    .where('cust_id', '=', row.cust_id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteIpGroup(db: Db, row: IpGroupRow): Promise<void> {
  await db.deleteFrom('ip_groups').where('id', '=', row.id).where('cust_id', '=', row.cust_id).execute();
}

function liveTasksOf(db: Db, custId: number) {
  return db.selectFrom('tasks').where('cust_id', '=', custId).where('deleted_at', 'is', null);
}

/** How many live tasks use each of these groups. */
export async function ipGroupTaskCounts(db: Db, custId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (ids.length === 0) return counts;
  const rows = await liveTasksOf(db, custId)
    .select(['matched_ip_group_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('matched_ip_group_id', 'in', [...ids])
    .groupBy('matched_ip_group_id')
    .execute();
  for (const row of rows) if (row.matched_ip_group_id !== null) counts.set(row.matched_ip_group_id, Number(row.count));
  return counts;
}

/** The customer's live tasks that use the group, enabled or not. */
export function liveTasksUsing(db: Db, custId: number, groupId: number): Promise<TaskRow[]> {
  return liveTasksOf(db, custId).selectAll().where('matched_ip_group_id', '=', groupId).orderBy('id').execute();
}
