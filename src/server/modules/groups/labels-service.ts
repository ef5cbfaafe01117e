import type { GroupDeleteAnswer, GroupListAnswer, GroupListBody, GroupRow } from '../../../shared/calls/groups.js';
import type { z } from 'zod';
import { isoTime } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { StoreContext } from '../tasks/store-context.js';
import {
  countLabels,
  deleteLabels,
  insertLabel,
  labelByName,
  labelsByIds,
  pageOfLabels,
  renameLabel,
  type LabelRow,
  type LabelTable,
} from './labels-repo.js';
import { distinct, NAME_TAKEN, nameMustBeFree } from './names.js';
import {
  clearDomainGroupsOnTasks,
  domainGroupTaskCounts,
  removeTagsFromTasks,
  renameTagOnTasks,
  renameDomainGroupOnTasks,
  tagTaskCounts,
} from './task-labels-repo.js';

type GroupsContext = Pick<StoreContext, 'db' | 'now'>;

/** What differs between domain groups and tags: their table, their not-found code, how tasks carry them. */
export interface LabelKind {
  table: LabelTable;
  notFound: 2103 | 2001;
  taskCounts: (db: Db, custId: number, names: readonly string[]) => Promise<Map<string, number>>;
  renameOnTasks: (db: Db, custId: number, from: string, to: string, now: number) => Promise<number>;
  clearFromTasks: (db: Db, custId: number, names: readonly string[], now: number) => Promise<number>;
}

export const DOMAIN_GROUPS: LabelKind = {
  table: 'domain_groups',
  notFound: 2103,
  taskCounts: domainGroupTaskCounts,
  renameOnTasks: renameDomainGroupOnTasks,
  clearFromTasks: clearDomainGroupsOnTasks,
};

export const TAGS: LabelKind = {
  table: 'tags',
  notFound: 2001,
  taskCounts: tagTaskCounts,
  renameOnTasks: renameTagOnTasks,
  clearFromTasks: removeTagsFromTasks,
};

function rowOf(row: LabelRow, taskCount: number): GroupRow {
  return { id: row.id, name: row.name, taskCount, createdAt: isoTime(row.created_at), updatedAt: isoTime(row.updated_at) };
}

async function withTaskCount(db: Db, kind: LabelKind, row: LabelRow): Promise<GroupRow> {
  const counts = await kind.taskCounts(db, row.cust_id, [row.name]);
  return rowOf(row, counts.get(row.name) ?? 0);
}

async function assertNameFree(db: Db, kind: LabelKind, custId: number, name: string, exceptId?: number): Promise<void> {
  const holder = await labelByName(db, kind.table, custId, name);
  if (holder && holder.id !== exceptId) throw new AppError(NAME_TAKEN);
}

export async function listLabels(
  ctx: GroupsContext,
  kind: LabelKind,
  custId: number,
  body: z.output<typeof GroupListBody>,
): Promise<GroupListAnswer> {
  const keyword = body.keyword ?? '';
  const page = { keyword, sortBy: body.sortBy, sortOrder: body.sortOrder, limit: body.pageSize, offset: (body.page - 1) * body.pageSize };
  const total = await countLabels(ctx.db, kind.table, custId, keyword);
  const rows = await pageOfLabels(ctx.db, kind.table, custId, page);
  const counts = await kind.taskCounts(ctx.db, custId, rows.map((row) => row.name));
  return { list: rows.map((row) => rowOf(row, counts.get(row.name) ?? 0)), total };
}

export async function createLabel(ctx: GroupsContext, kind: LabelKind, custId: number, name: string): Promise<GroupRow> {
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, kind, custId, name);
    return nameMustBeFree(() => insertLabel(trx, kind.table, custId, name, now));
  });
  return withTaskCount(ctx.db, kind, row);
}

/** Renames the row and the name on the customer's tasks, in one transaction. */
export async function renameLabelAndTasks(ctx: GroupsContext, kind: LabelKind, custId: number, id: number, name: string): Promise<GroupRow> {
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const [current] = await labelsByIds(trx, kind.table, custId, [id]);
    if (!current) throw new AppError(kind.notFound);
    if (current.name === name) return current;
    await assertNameFree(trx, kind, custId, name, id);
    const renamed = await nameMustBeFree(() => renameLabel(trx, kind.table, current, name, now));
    await kind.renameOnTasks(trx, custId, current.name, name, now);
    return renamed;
  });
  return withTaskCount(ctx.db, kind, row);
}

/** Deletes every named row and clears the names from the customer's tasks; any unknown id deletes nothing. */
export async function deleteLabelsAndClear(ctx: GroupsContext, kind: LabelKind, custId: number, ids: readonly number[]): Promise<GroupDeleteAnswer> {
  const wanted = distinct(ids);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await labelsByIds(trx, kind.table, custId, wanted);
    if (rows.length !== wanted.length) throw new AppError(kind.notFound);
    const tasksChanged = await kind.clearFromTasks(trx, custId, rows.map((row) => row.name), now);
    const deleted = await deleteLabels(trx, kind.table, custId, wanted);
    return { deleted, tasksChanged };
  });
}
