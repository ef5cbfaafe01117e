import type { DomainListAnswer, DomainListQuery, DomainListRow, ListSortField } from '../../../shared/calls/domain-list.js';
import { ENABLE_STATUS, serviceStatusOf } from '../../../shared/codes.js';
import { isoTime, isoTimeOrNull } from '../../db/columns.js';
import { AppError } from '../../http/app-error.js';
import { availabilityOf, averageLatencyOf, isoRangeOf, lastCheckTimes, rangeSums, type ResultsScope, type Sums, type TimeRange } from '../../results/index.js';
import type { StoreContext } from '../tasks/store-context.js';
import { deploySummaries } from './deploy-summary.js';
import { pageOfTasks, tasksOfType, type ListTaskRow } from './list-repo.js';

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

interface Figures {
  covered: TimeRange;
  byTask: Map<number, Sums>;
}

/** Sums per task of the scope's tasks over the range, and the part of it they cover. */
async function figuresOf(ctx: StoreContext, scope: ResultsScope, range: TimeRange): Promise<Figures> {
  const sums = await rangeSums(ctx, scope, range, { by: 'task' });
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

/** The filters read in JS: a tag (tags are JSON), a keyword (JS's case rules) and the service status (from the figures). */
function matches(row: SelectedRow, query: ListQuery): boolean {
  if (query.tag !== undefined && !row.tags.includes(query.tag)) return false;
  if (query.serviceStatus !== undefined && row.serviceStatus !== query.serviceStatus) return false;
  const keyword = keywordOf(query);
  if (keyword !== '') return row.name.toLowerCase().includes(keyword) || row.domain.toLowerCase().includes(keyword);
  return true;
}

const keywordOf = (query: ListQuery) => query.keyword?.trim().toLowerCase() ?? '';

/** Whether which tasks or their order depend on every task's figures (else only the page's are read). */
const needsAllFigures = (query: ListQuery) => query.serviceStatus !== undefined || query.sortBy === 'availability' || query.sortBy === 'responseTime';

/** Whether every filter and the order are SQL's (list-repo), so SQL can page. */
const pagedInSql = (query: ListQuery) => !needsAllFigures(query) && query.sortBy === 'createdAt' && query.tag === undefined && keywordOf(query) === '';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The orders read in JS; by creation time the tasks come ordered from SQL (list-repo). */
type JsSortField = Exclude<ListSortField, 'createdAt'>;

const SORT_KEYS: Record<JsSortField, (row: SelectedRow) => number | string | null> = {
  name: (row) => row.name,
  availability: (row) => row.availabilityPercent,
  responseTime: (row) => row.avgResponseMs,
};

function compareKeys(left: number | string, right: number | string): number {
  if (typeof left === 'string' && typeof right === 'string') return collator.compare(left, right);
  return Number(left) - Number(right);
}

/** Orders by the field (rows without a figure last either way), then by id in the same direction. */
function comparatorOf(field: JsSortField, order: 'asc' | 'desc'): (a: SelectedRow, b: SelectedRow) => number {
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

/** The asked page of the list's selection (with its rows' figures) and how many tasks it holds. */
export interface ListSelection {
  range: TimeRange;
  covered: TimeRange;
  page: SelectedRow[];
  total: number;
}

/** The asked page of rows. */
function pageOf<T>(rows: readonly T[], query: Pick<ListQuery, 'page' | 'pageSize'>): T[] {
  const start = (query.page - 1) * query.pageSize;
  return rows.slice(start, start + query.pageSize);
}

const filtersOf = (query: ListQuery) => ({ status: query.status, group: query.group });

/** The page's tasks with their figures, read for these tasks only. */
async function withPageFigures(ctx: StoreContext, custId: number, tasks: readonly ListTaskRow[], range: TimeRange): Promise<{ covered: TimeRange; page: SelectedRow[] }> {
  const figures = await figuresOf(ctx, { custId, taskIds: tasks.map((task) => task.id) }, range);
  return { covered: figures.covered, page: tasks.map((task) => rowOf(task, figures.byTask.get(task.id))) };
}

/** Every listed task through the JS filters and order, then the page; every task's figures only when asked for. */
async function selectInJs(ctx: StoreContext, custId: number, query: ListQuery, range: TimeRange): Promise<ListSelection> {
  const allFigures = needsAllFigures(query);
  const [tasks, figures] = await Promise.all([
    tasksOfType(ctx.db, custId, query.type, filtersOf(query), query.sortOrder),
    allFigures ? figuresOf(ctx, { custId, types: [query.type] }, range) : undefined,
  ]);
  const rows = tasks.map((task) => rowOf(task, figures?.byTask.get(task.id))).filter((row) => matches(row, query));
  if (query.sortBy !== 'createdAt') rows.sort(comparatorOf(query.sortBy, query.sortOrder));
  const page = pageOf(rows, query);
  if (figures) return { range, covered: figures.covered, page, total: rows.length };
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return { range, total: rows.length, ...(await withPageFigures(ctx, custId, page.flatMap((row) => byId.get(row.id) ?? []), range)) };
}

/**
 * The one rule of which tasks a list (and its export) holds, in which order, and the asked page of
 * them: the filters and order SQL holds (list-repo) and the tag, keyword and service status filters
 * and the other orders here. When neither a filter nor the order needs figures, only the page's
 * tasks' are read (the list's default: newest first, paged in SQL).
 */
export async function selectListPage(ctx: StoreContext, custId: number, query: ListQuery): Promise<ListSelection> {
  const range = listRangeOf(query, ctx.now());
  if (!pagedInSql(query)) return selectInJs(ctx, custId, query, range);
  const { rows, total } = await pageOfTasks(ctx.db, custId, query.type, filtersOf(query), {
    order: query.sortOrder,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { range, total, ...(await withPageFigures(ctx, custId, rows, range)) };
}

/** One page of the customer's tasks of one type with their figures over the range. */
export async function listDomains(ctx: StoreContext, custId: number, query: ListQuery): Promise<DomainListAnswer> {
  const { range, covered, page, total } = await selectListPage(ctx, custId, query);
  const list = await completePage(ctx, page);
  return { list, total, from: isoTime(range.from), to: isoTime(range.to), covered: isoRangeOf(covered) };
}
