import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * Domain groups, tags and matched-IP groups, one table each, names unique per customer. Tasks
 * written before this migration already name groups and tags; those names become rows here so
 * the lists show them (stamped with the oldest task that used them).
 */

async function createNamedTable(db: AnyDb, table: 'domain_groups' | 'tags' | 'ip_groups'): Promise<void> {
  let builder = db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull());
  if (table === 'ip_groups') builder = builder.addColumn('ips', 'text', (c) => c.notNull().defaultTo('[]'));
  await builder
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex(`${table}_cust_name`).on(table).columns(['cust_id', 'name']).unique().execute();
}

interface UsedName {
  custId: number;
  name: string;
  firstUsedAt: number;
}

/** The names tasks already use, once per customer, with the creation time of the oldest task. */
function usedNames(rows: readonly { cust_id: number; created_at: number; names: string[] }[]): UsedName[] {
  const byKey = new Map<string, UsedName>();
  for (const row of rows) {
    for (const raw of row.names) {
      const name = raw.trim();
      if (name === '') continue;
      const key = JSON.stringify([row.cust_id, name]);
      const seen = byKey.get(key);
      if (!seen) byKey.set(key, { custId: row.cust_id, name, firstUsedAt: row.created_at });
      else seen.firstUsedAt = Math.min(seen.firstUsedAt, row.created_at);
    }
  }
  return [...byKey.values()];
}

function tagNames(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

async function insertUsed(db: AnyDb, table: 'domain_groups' | 'tags', names: UsedName[]): Promise<void> {
  for (let start = 0; start < names.length; start += 200) {
    const values = names
      .slice(start, start + 200)
      .map((used) => ({ cust_id: used.custId, name: used.name, created_at: used.firstUsedAt, updated_at: used.firstUsedAt }));
    await db.insertInto(table).values(values).execute();
  }
}

async function adoptNamesOfTasks(db: AnyDb): Promise<void> {
  const tasks = (await db
    .selectFrom('tasks')
    .select(['cust_id', 'created_at', 'domain_group', 'tags'])
    .where('deleted_at', 'is', null)
    .execute()) as { cust_id: number; created_at: number; domain_group: string; tags: string }[];
  const groups = tasks.map((task) => ({ ...task, names: [task.domain_group] }));
  const tags = tasks.map((task) => ({ ...task, names: tagNames(task.tags) }));
  await insertUsed(db, 'domain_groups', usedNames(groups));
  await insertUsed(db, 'tags', usedNames(tags));
}

export const groups: Migration = {
  async up(db: AnyDb) {
    await createNamedTable(db, 'domain_groups');
    await createNamedTable(db, 'tags');
    await createNamedTable(db, 'ip_groups');
    await adoptNamesOfTasks(db);
  },
};
