import type { Db } from '../../db/connection.js';
import { distinct } from './names.js';

/*
 * Tasks carry their domain group as text and their tags as a JSON array of names; these keep them
 * in step with the group and tag rows. Only live (not deleted) tasks of the customer are touched.
 */

function liveTasks(db: Db, custId: number) {
  return db.selectFrom('tasks').where('cust_id', '=', custId).where('deleted_at', 'is', null);
}

/** How many live tasks carry each of these domain groups. */
export async function domainGroupTaskCounts(db: Db, custId: number, names: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (names.length === 0) return counts;
  const rows = await liveTasks(db, custId)
    .select(['domain_group', (eb) => eb.fn.countAll<number>().as('count')])
    .where('domain_group', 'in', [...names])
    .groupBy('domain_group')
    .execute();
  for (const row of rows) counts.set(row.domain_group, Number(row.count));
  return counts;
}

export async function renameDomainGroupOnTasks(db: Db, custId: number, from: string, to: string, now: number): Promise<number> {
  const result = await db
    .updateTable('tasks')
    .set({ domain_group: to, updated_at: now })
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null)
    .where('domain_group', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function clearDomainGroupsOnTasks(db: Db, custId: number, names: readonly string[], now: number): Promise<number> {
  if (names.length === 0) return 0;
  const result = await db
    .updateTable('tasks')
    .set({ domain_group: '', updated_at: now })
    .where('cust_id', '=', custId)
    .where('deleted_at', 'is', null)
    .where('domain_group', 'in', [...names])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

function tagsOf(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The tag lists of the customer's live tasks that have any tag. */
async function taggedTasks(db: Db, custId: number): Promise<{ id: number; tags: string[] }[]> {
  const rows = await liveTasks(db, custId).select(['id', 'tags']).where('tags', '<>', '[]').execute();
  return rows.map((row) => ({ id: row.id, tags: tagsOf(row.tags) }));
}

/** How many live tasks carry each of these tags. */
export async function tagTaskCounts(db: Db, custId: number, names: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(names.map((name) => [name, 0]));
  if (names.length === 0) return counts;
  for (const task of await taggedTasks(db, custId)) {
    for (const tag of distinct(task.tags)) {
      const count = counts.get(tag);
      if (count !== undefined) counts.set(tag, count + 1);
    }
  }
  return counts;
}

/** Rewrites each live task's tags with `change`; answers how many tasks changed. */
async function rewriteTags(db: Db, custId: number, change: (tags: string[]) => string[], now: number): Promise<number> {
  let changed = 0;
  for (const task of await taggedTasks(db, custId)) {
    const next = change(task.tags);
    if (next.length === task.tags.length && next.every((tag, index) => tag === task.tags[index])) continue;
    await db
      .updateTable('tasks')
      .set({ tags: JSON.stringify(distinct(next)), updated_at: now })
      .where('id', '=', task.id)
      .where('cust_id', '=', custId)
      .execute();
    changed += 1;
  }
  return changed;
}

export function renameTagOnTasks(db: Db, custId: number, from: string, to: string, now: number): Promise<number> {
  return rewriteTags(db, custId, (tags) => tags.map((tag) => (tag === from ? to : tag)), now);
}

export function removeTagsFromTasks(db: Db, custId: number, names: readonly string[], now: number): Promise<number> {
  const removed = new Set(names);
  return rewriteTags(db, custId, (tags) => tags.filter((tag) => !removed.has(tag)), now);
}
