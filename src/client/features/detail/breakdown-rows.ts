import { SERVICE_STATUS, type DetailBreakdownAnswer, type NodeBreakdown, type RangeFigures, type ServiceStatus } from '../../../shared/index.js';

/** One row of a breakdown table: a node, an ISP, a province or a country with its figures. */
export interface BreakdownRow {
  key: string;
  /** Already in the user's language. */
  name: string;
  figures: RangeFigures;
  /** A second line under the name (a node's place and ISP). */
  detail?: string;
  /** How many nodes the row adds up (groups only). */
  nodeCount?: number;
}

export const BREAKDOWN_SORT_FIELDS = ['status', 'name', 'availability', 'response', 'count'] as const;
export type BreakdownSortField = (typeof BREAKDOWN_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export interface BreakdownSort {
  by: BreakdownSortField;
  order: SortOrder;
}

/** Worst first: error, warning, normal, then rows without data. */
export const DEFAULT_BREAKDOWN_SORT: BreakdownSort = { by: 'status', order: 'asc' };

/** The order a column sorts in when first chosen: the one an on-call reader wants (worst, slowest, busiest first). */
const FIRST_ORDER: Readonly<Record<BreakdownSortField, SortOrder>> = {
  status: 'asc',
  name: 'asc',
  availability: 'asc',
  response: 'desc',
  count: 'desc',
};

const SEVERITY: Readonly<Record<ServiceStatus, number>> = {
  [SERVICE_STATUS.ERROR]: 0,
  [SERVICE_STATUS.WARNING]: 1,
  [SERVICE_STATUS.NORMAL]: 2,
  [SERVICE_STATUS.NONE]: 3,
};

/** Choosing the sorted column again flips its order; another column starts in its own first order. */
export function nextSort(current: BreakdownSort, by: BreakdownSortField): BreakdownSort {
  if (current.by === by) return { by, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { by, order: FIRST_ORDER[by] };
}

/** Missing values go last whichever the order: a row without data never hides the worst one. */
function compareNullable(a: number | null, b: number | null, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return sign * (a - b);
}

function compareBy(field: BreakdownSortField, a: BreakdownRow, b: BreakdownRow, sign: number, collator: Intl.Collator): number {
  switch (field) {
    case 'status':
      return sign * (SEVERITY[a.figures.serviceStatus] - SEVERITY[b.figures.serviceStatus]) || compareNullable(a.figures.availabilityPercent, b.figures.availabilityPercent, 1);
    case 'name':
      return sign * collator.compare(a.name, b.name);
    case 'availability':
      return compareNullable(a.figures.availabilityPercent, b.figures.availabilityPercent, sign);
    case 'response':
      return compareNullable(a.figures.avgResponseMs, b.figures.avgResponseMs, sign);
    case 'count':
      return sign * (a.figures.count - b.figures.count);
  }
}

/** The rows in the chosen order; ties fall back to the name, so the order never jitters between refreshes. */
export function sortBreakdownRows(rows: readonly BreakdownRow[], sort: BreakdownSort, locale = 'en'): BreakdownRow[] {
  const collator = new Intl.Collator(locale);
  const sign = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => compareBy(sort.by, a, b, sign, collator) || collator.compare(a.name, b.name) || a.key.localeCompare(b.key));
}

/** aria-sort of a column header. */
export function ariaSortOf(sort: BreakdownSort, field: BreakdownSortField): 'ascending' | 'descending' | 'none' {
  if (sort.by !== field) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

export const BREAKDOWN_KINDS = ['nodes', 'isps', 'provinces', 'countries'] as const;
export type BreakdownKind = (typeof BREAKDOWN_KINDS)[number];

/** Names in the user's language for each kind of row. */
export interface BreakdownNamer {
  node: (node: NodeBreakdown) => string;
  /** A node's place and ISP, under its name. */
  nodeDetail: (node: NodeBreakdown) => string;
  isp: (isp: number) => string;
  province: (province: string) => string;
  country: (country: string) => string;
}

const figuresOf = (group: RangeFigures): RangeFigures => ({
  count: group.count,
  successes: group.successes,
  availabilityPercent: group.availabilityPercent,
  avgResponseMs: group.avgResponseMs,
  serviceStatus: group.serviceStatus,
});

/** The rows of one breakdown table, named for the reader (unsorted). */
export function breakdownRowsOf(breakdown: DetailBreakdownAnswer, kind: BreakdownKind, namer: BreakdownNamer): BreakdownRow[] {
  switch (kind) {
    case 'nodes':
      return breakdown.nodes.map((node) => ({ key: `node-${node.nodeId}`, name: namer.node(node), detail: namer.nodeDetail(node), figures: figuresOf(node) }));
    case 'isps':
      return breakdown.isps.map((group) => ({ key: `isp-${group.isp}`, name: namer.isp(group.isp), figures: figuresOf(group), nodeCount: group.nodeCount }));
    case 'provinces':
      return breakdown.provinces.map((group) => ({
        key: `province-${group.province}`,
        name: namer.province(group.province),
        figures: figuresOf(group),
        nodeCount: group.nodeCount,
      }));
    case 'countries':
      return breakdown.countries.map((group) => ({
        key: `country-${group.country}`,
        name: namer.country(group.country),
        figures: figuresOf(group),
        nodeCount: group.nodeCount,
      }));
  }
}

/** The tables worth a tab: provinces only when the task has nodes in China. */
export function breakdownKindsOf(breakdown: Pick<DetailBreakdownAnswer, 'provinces'>): BreakdownKind[] {
  return BREAKDOWN_KINDS.filter((kind) => kind !== 'provinces' || breakdown.provinces.length > 0);
}
