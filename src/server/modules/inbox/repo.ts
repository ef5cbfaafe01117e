import type { Db } from '../../db/connection.js';

/** An administrator's view (userId null) reads the whole customer's inbox. */
export interface InboxScope {
  custId: number;
  userId: number | null;
}

function scoped(db: Db, scope: InboxScope) {
  let query = db.selectFrom('inbox_items').where('cust_id', '=', scope.custId);
  if (scope.userId !== null) query = query.where('user_id', '=', scope.userId);
  return query;
}

/** The inbox screen's filters; absent ones do not narrow. */
export interface InboxFilter {
  type?: string | undefined;
  status?: number | undefined;
}

function filtered(db: Db, scope: InboxScope, filter: InboxFilter) {
  let query = scoped(db, scope);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return query;
}

export function listInboxItems(db: Db, scope: InboxScope, filter: InboxFilter, limit: number, offset: number) {
  return filtered(db, scope, filter).selectAll().orderBy('created_at', 'desc').orderBy('sno', 'desc').limit(limit).offset(offset).execute();
}

export async function countFilteredInboxItems(db: Db, scope: InboxScope, filter: InboxFilter): Promise<number> {
  const row = await filtered(db, scope, filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One item in the scope, or undefined when it is someone else's or unknown. */
export function findInboxItem(db: Db, scope: InboxScope, sno: string) {
  return scoped(db, scope).selectAll().where('sno', '=', sno).executeTakeFirst();
}

export async function countInboxItems(db: Db, scope: InboxScope): Promise<{ total: number; unread: number }> {
  const row = await scoped(db, scope)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('read', '=', 0).then(1).else(0).end()), eb.lit(0)).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/** The one user whose items a change may touch. */
export interface InboxOwner {
  custId: number;
  userId: number;
}

/** Marks the owner's items among `snos` read (others' and unknown ones are left alone); all of them without `snos`. */
export async function markInboxRead(db: Db, owner: InboxOwner, snos?: readonly string[]): Promise<void> {
  let query = db.updateTable('inbox_items').set({ read: 1 }).where('cust_id', '=', owner.custId).where('user_id', '=', owner.userId).where('read', '=', 0);
  if (snos) query = query.where('sno', 'in', snos);
  await query.execute();
}

export interface NewInboxItem {
  sno: string;
  custId: number;
  userId: number;
  type: string;
  status: number;
  title: string;
  titleParams: string;
  data: string;
  createdAt: number;
}

export async function insertInboxItems(db: Db, items: readonly NewInboxItem[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('inbox_items')
    .values(
      items.map((item) => ({
        sno: item.sno,
        cust_id: item.custId,
        user_id: item.userId,
        type: item.type,
        status: item.status,
        title: item.title,
        title_params: item.titleParams,
        data: item.data,
        read: 0,
        created_at: item.createdAt,
      })),
    )
    .execute();
}

const INBOX_SNO_COUNTER = 'inbox_sno';

/** Takes `count` serial numbers from a counter that never goes back; answers the first. */
export async function takeInboxSnos(db: Db, count: number): Promise<number> {
  const row = await db
    .insertInto('store_counters')
    .values({ name: INBOX_SNO_COUNTER, value: count })
    .onConflict((conflict) => conflict.column('name').doUpdateSet((eb) => ({ value: eb('store_counters.value', '+', count) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value - count + 1;
}

export interface RecipientRow {
  id: number;
  roles: string;
  tasks_privilege: string;
}

/** The customer's users who can sign in now (user, privilege and customer active); only these ids when given. */
export function activeUsersOf(db: Db, custId: number, userIds?: readonly number[]): Promise<RecipientRow[]> {
  let query = db
    .selectFrom('users as u')
    .innerJoin('privileges as p', 'p.id', 'u.privilege_id')
    .innerJoin('customers as c', 'c.id', 'u.cust_id')
    .select(['u.id', 'u.roles', 'p.tasks_privilege'])
    .where('u.cust_id', '=', custId)
    .where('u.status', '=', 'active')
    .where('p.status', '=', 'active')
    .where('c.status', '=', 'active');
  if (userIds) query = query.where('u.id', 'in', userIds.length > 0 ? userIds : [-1]);
  return query.orderBy('u.id').execute();
}
