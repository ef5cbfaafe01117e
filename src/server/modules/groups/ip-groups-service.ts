import { z } from 'zod';
import type {
  IpGroup,
  IpGroupCreateBody,
  IpGroupOptionsAnswer,
  IpGroupSearchAnswer,
  IpGroupSearchBody,
} from '../../../shared/calls/groups.js';
import { isoTime, parseJsonColumn } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { publishTask } from '../deployments/publish.js';
import { updateTaskRow } from '../tasks/repo.js';
import { deployDeadlineOf, type StoreContext } from '../tasks/store-context.js';
import { isActive, taskOfRow } from '../tasks/task-model.js';
import {
  countIpGroups,
  deleteIpGroup,
  findIpGroup,
  insertIpGroup,
  ipGroupByName,
  ipGroupNames,
  ipGroupTaskCounts,
  liveTasksUsing,
  pageOfIpGroups,
  replaceIpGroup,
  type IpGroupRow,
} from './ip-groups-repo.js';
import { distinct, NAME_TAKEN, nameMustBeFree } from './names.js';

type GroupsContext = Pick<StoreContext, 'db' | 'now' | 'deployDeadlineMs'>;
type IpGroupFields = z.output<typeof IpGroupCreateBody>;

const IpList = z.array(z.string());

/** A group that is not the customer's (or none) is 2112, whoever else it belongs to. */
const NOT_FOUND = 2112;

export function ipsOfRow(row: Pick<IpGroupRow, 'ips'>): string[] {
  return parseJsonColumn(IpList, row.ips) ?? [];
}

function rowAnswer(row: IpGroupRow, taskCount: number) {
  return {
    id: row.id,
    name: row.name,
    ipCount: ipsOfRow(row).length,
    taskCount,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

async function groupAnswer(db: Db, row: IpGroupRow): Promise<IpGroup> {
  const counts = await ipGroupTaskCounts(db, row.cust_id, [row.id]);
  return { ...rowAnswer(row, counts.get(row.id) ?? 0), ips: ipsOfRow(row) };
}

async function customerGroup(db: Db, custId: number, id: number): Promise<IpGroupRow> {
  const row = await findIpGroup(db, custId, id);
  if (!row) throw new AppError(NOT_FOUND);
  return row;
}

async function assertNameFree(db: Db, custId: number, name: string, exceptId?: number): Promise<void> {
  const holder = await ipGroupByName(db, custId, name);
  if (holder && holder.id !== exceptId) throw new AppError(NAME_TAKEN);
}

function sameAddresses(before: readonly string[], after: readonly string[]): boolean {
  const kept = new Set(before);
  return kept.size === new Set(after).size && after.every((ip) => kept.has(ip));
}

/**
 * A new version of every enabled live task using the group, published to its nodes, so their agents
 * pull the new addresses (the task then deploys like any change: 2131 until its nodes acknowledge).
 */
async function redeployTasksUsing(ctx: GroupsContext, db: Db, group: IpGroupRow, now: number): Promise<void> {
  for (const row of await liveTasksUsing(db, group.cust_id, group.id)) {
    const task = taskOfRow(row);
    if (!isActive(task)) continue;
    const updated = await updateTaskRow(db, task, { updated_at: now });
    if (updated) await publishTask(db, updated, now, deployDeadlineOf(ctx));
  }
}

export async function searchIpGroups(ctx: GroupsContext, custId: number, body: z.output<typeof IpGroupSearchBody>): Promise<IpGroupSearchAnswer> {
  const keyword = body.keyword ?? '';
  const page = { keyword, sortBy: body.sortBy, sortOrder: body.sortOrder, limit: body.pageSize, offset: (body.page - 1) * body.pageSize };
  const total = await countIpGroups(ctx.db, custId, keyword);
  const rows = await pageOfIpGroups(ctx.db, custId, page);
  const counts = await ipGroupTaskCounts(ctx.db, custId, rows.map((row) => row.id));
  return { list: rows.map((row) => rowAnswer(row, counts.get(row.id) ?? 0)), total };
}

export async function ipGroupOptions(ctx: GroupsContext, custId: number): Promise<IpGroupOptionsAnswer> {
  return { list: await ipGroupNames(ctx.db, custId) };
}

export async function getIpGroup(ctx: GroupsContext, custId: number, id: number): Promise<IpGroup> {
  return groupAnswer(ctx.db, await customerGroup(ctx.db, custId, id));
}

export async function createIpGroup(ctx: GroupsContext, custId: number, fields: IpGroupFields): Promise<IpGroup> {
  const now = ctx.now();
  const group = { name: fields.name, ips: distinct(fields.ips) };
  const row = await ctx.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, custId, group.name);
    return nameMustBeFree(() => insertIpGroup(trx, custId, group, now));
  });
  return groupAnswer(ctx.db, row);
}

/** Replaces name and addresses; when the addresses change, the tasks using the group are redeployed. */
export async function replaceIpGroupAndRedeploy(ctx: GroupsContext, custId: number, id: number, fields: IpGroupFields): Promise<IpGroup> {
  const now = ctx.now();
  const group = { name: fields.name, ips: distinct(fields.ips) };
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await customerGroup(trx, custId, id);
    await assertNameFree(trx, custId, group.name, id);
    const replaced = await nameMustBeFree(() => replaceIpGroup(trx, current, group, now));
    if (!sameAddresses(ipsOfRow(current), group.ips)) await redeployTasksUsing(ctx, trx, replaced, now);
    return replaced;
  });
  return groupAnswer(ctx.db, row);
}

/** Deletes a group no live task uses; 2013 while one does (the task must choose another first). */
export async function deleteUnusedIpGroup(ctx: GroupsContext, custId: number, id: number): Promise<null> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await customerGroup(trx, custId, id);
    if ((await liveTasksUsing(trx, custId, id)).length > 0) throw new AppError(2013);
    await deleteIpGroup(trx, current);
  });
  return null;
}
