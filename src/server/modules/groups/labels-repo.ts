import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { NamedGroupTable } from '../../db/schema-groups.js';
import { containsText, SORT_COLUMNS, type PageQuery } from './names.js';

/** The two tables of names that tasks carry as text: domain groups and tags. */
export type LabelTable = 'domain_groups' | 'tags';
export type LabelRow = Selectable<NamedGroupTable>;

function ofCustomer(db: Db, table: LabelTable, custId: number, keyword = '') {
  let query = db.selectFrom(table).where('cust_id', '=', custId);
  if (keyword !== '') query = query.where(containsText('name', keyword));
  return query;
}

export async function countLabels(db: Db, table: LabelTable, custId: number, keyword: string): Promise<number> {
  const row = await ofCustomer(db, table, custId, keyword)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function pageOfLabels(db: Db, table: LabelTable, custId: number, page: PageQuery): Promise<LabelRow[]> {
  return ofCustomer(db, table, custId, page.keyword)
    .selectAll()
    .orderBy(SORT_COLUMNS[page.sortBy], page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The customer's rows among these ids (anyone else's are simply not there). */
export async function labelsByIds(db: Db, table: LabelTable, custId: number, ids: readonly number[]): Promise<LabelRow[]> {
  if (ids.length === 0) return [];
  return ofCustomer(db, table, custId).selectAll().where('id', 'in', [...ids]).execute();
}

export function labelByName(db: Db, table: LabelTable, custId: number, name: string): Promise<LabelRow | undefined> {
  return ofCustomer(db, table, custId).selectAll().where('name', '=', name).executeTakeFirst();
}

export function insertLabel(db: Db, table: LabelTable, custId: number, name: string, now: number): Promise<LabelRow> {
  return db
    .insertInto(table)
    .values({ cust_id: custId, name, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function renameLabel(db: Db, table: LabelTable, row: LabelRow, name: string, now: number): Promise<LabelRow> {
  return db
    .updateTable(table)
    .set({ name, updated_at: now })
    .where('id', '=', row.id)
    .where('cust_id', '=', row.cust_id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteLabels(db: Db, table: LabelTable, custId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom(table).where('cust_id', '=', custId).where('id', 'in', [...ids]).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Adds the names the customer does not have yet; existing ones stay as they are. */
export async function insertMissingLabels(db: Db, table: LabelTable, custId: number, names: readonly string[], now: number): Promise<void> {
  if (names.length === 0) return;
  await db
    .insertInto(table)
    .values(names.map((name) => ({ cust_id: custId, name, created_at: now, updated_at: now })))
    .onConflict((conflict) => conflict.columns(['cust_id', 'name']).doNothing())
    .execute();
}
