import type { DomainListAnswer, DomainListQuery, DomainListRow, ListSortField } from '../../../shared/calls/domain-list.js';
import { ENABLE_STATUS, serviceStatusOf } from '../../../shared/codes.js';
import { isoTime, isoTimeOrNull } from '../../db/columns.js';
import { AppError } from '../../http/app-error.js';
import { availabilityOf, averageLatencyOf, isoRangeOf, lastCheckTimes, rangeSums, type Sums, type TimeRange } from '../../results/index.js';
import type { StoreContext } from '../tasks/store-context.js';
import { deploySummaries } from './deploy-summary.js';
import { tasksOfType, type ListTaskRow } from './list-repo.js';

type ListQuery = DomainListQuery;

const HOUR_MS = 3_600_000;

/** The range the figures cover: the last `hours` (1 by default) up to now, or from-to (2121 unless to > from). */
export function listRangeOf(query: Pick<ListQuery, 'hours' | 'from' | 'to'>, now: number): TimeRange {
  if (query.from !== undefined && query.to !== undefined) {
    if (!(query.to > query.from)) throw new AppError(2121);
    return { from: query.from, to: query.to };
  }
  return { from: now - (query.hours ?? 1) * HOUR_MS, to: now };
}

/** Sums per task of the customer's tasks of one type over the range, and the part of it they cover. */
async function figuresOf(ctx: StoreContext, custId: number, type: number, range: TimeRange): Promise<{ covered: TimeRange; byTask: Map<number, Sums> }> {
  const sums = await rangeSums(ctx, { custId, types: [type] }, range, { by: 'task' });
  return { covered: sums.covered, byTask: new Map(sums.groups.map((group) => [group.taskId, group])) };
}

function jsonList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export type SelectedRow = DomainListRow & { nodeIds: number[]; version: number; createdAtMs: number };

function rowOf(task: ListTaskRow, figures: Sums | undefined): SelectedRow {
  const availabilityPercent = figures ? availabilityOf(figures) : null;
  const nodeIds = jsonList<number>(task.node_ids);
  return {
    id: task.id,
    type: task.type,
    name: task.name,
    domain: task.domain,
    port: task.port,
    otherPath: task.other_path,
    frequencyMinutes: task.frequency_minutes,
    status: task.status === ENABLE_STATUS.DISABLED ? ENABLE_STATUS.DISABLED : ENABLE_STATUS.ENABLED,
    deployStatus: 'completed',
    errorNodeCount: 0,
    nodeCount: nodeIds.length,
    domainGroup: task.domain_group,
    tags: jsonList<string>(task.tags),
    availabilityPercent,
    avgResponseMs: figures ? averageLatencyOf(figures) : null,
    serviceStatus: serviceStatusOf(availabilityPercent),
    lastCheckAt: null,
    createdAt: isoTime(task.created_at),
    nodeIds,
    version: task.version,
    createdAtMs: task.created_at,
  };
}

function matches(row: SelectedRow, query: ListQuery): boolean {
  if (query.tag !== undefined && !row.tags.includes(query.tag)) return false;
  if (query.serviceStatus !== undefined && row.serviceStatus !== query.serviceStatus) return false;
  if (query.keyword !== undefined && query.keyword.trim() !== '') {
    const keyword = query.keyword.trim().toLowerCase();
    return row.name.toLowerCase().includes(keyword) || row.domain.toLowerCase().includes(keyword);
  }
  return true;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const SORT_KEYS: Record<ListSortField, (row: SelectedRow) => number | string | null> = {
  name: (row) => row.name,
  createdAt: (row) => row.createdAtMs,
  availability: (row) => row.availabilityPercent,
  responseTime: (row) => row.avgResponseMs,
};

function compareKeys(left: number | string, right: number | string): number {
  if (typeof left === 'string' && typeof right === 'string') return collator.compare(left, right);
  return Number(left) - Number(right);
}

/** Orders by the field (rows without a figure last either way), then by id in the same direction. */
function comparatorOf(field: ListSortField, order: 'asc' | 'desc'): (a: SelectedRow, b: SelectedRow) => number {
  const key = SORT_KEYS[field];
  const sign = order === 'asc' ? 1 : -1;
  return (a, b) => {
    const left = key(a);
    const right = key(b);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
      return sign * (a.id - b.id);
    }
    return sign * (compareKeys(left, right) || a.id - b.id);
  };
}

/** Fills in what only the shown page needs: deploy status and error nodes, last check time. */
async function completePage(ctx: StoreContext, page: SelectedRow[]): Promise<DomainListRow[]> {
  const ids = page.map((row) => row.id);
  const [deploys, lastChecks] = await Promise.all([
    deploySummaries(ctx.db, page.map((row) => ({ id: row.id, version: row.version, nodeIds: row.nodeIds, status: row.status, deletedAt: null })), ctx.now()),
    lastCheckTimes(ctx.db, ids),
  ]);
  return page.map(({ nodeIds: _nodeIds, version: _version, createdAtMs: _createdAtMs, ...row }) => ({
    ...row,
    ...(deploys.get(row.id) ?? { deployStatus: 'completed' as const, errorNodeCount: 0 }),
    lastCheckAt: isoTimeOrNull(lastChecks.get(row.id) ?? null),
  }));
}

/** The list's selection: the customer's tasks of the type through every filter, in the asked order. */
export interface ListSelection {
  range: TimeRange;
  covered: TimeRange;
  rows: SelectedRow[];
}

/** The one rule of which tasks a list (and its export) holds and in which order. */
export async function selectListRows(ctx: StoreContext, custId: number, query: ListQuery): Promise<ListSelection> {
  const range = listRangeOf(query, ctx.now());
  const [tasks, figures] = await Promise.all([
    tasksOfType(ctx.db, custId, query.type, { status: query.status, group: query.group }),
    figuresOf(ctx, custId, query.type, range),
  ]);
  const rows = tasks.map((task) => rowOf(task, figures.byTask.get(task.id))).filter((row) => matches(row, query));
  rows.sort(comparatorOf(query.sortBy, query.sortOrder));
  return { range, covered: figures.covered, rows };
}

/** The asked page of a selection. */
export function pageOf<T>(rows: readonly T[], query: Pick<ListQuery, 'page' | 'pageSize'>): T[] {
  const start = (query.page - 1) * query.pageSize;
  return rows.slice(start, start + query.pageSize);
}

/** One page of the customer's tasks of one type with their figures over the range. */
export async function listDomains(ctx: StoreContext, custId: number, query: ListQuery): Promise<DomainListAnswer> {
  const { range, covered, rows } = await selectListRows(ctx, custId, query);
  const list = await completePage(ctx, pageOf(rows, query));
  return { list, total: rows.length, from: isoTime(range.from), to: isoTime(range.to), covered: isoRangeOf(covered) };
}
