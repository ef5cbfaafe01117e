import { MAP_TYPES, type ChinaRegion, type IspCode, type MapType, type NodeCatalogueEntry } from '../../../shared/index.js';

/**
 * The node picker's pure part: filters (region, province, country, ISP), the three map-type groups,
 * and select-all over whatever the filters show. Selections are lists of node ids without repeats.
 */

export interface NodeFilters {
  region?: ChinaRegion;
  province?: string;
  country?: string;
  isp?: IspCode;
}

export type NodeFilterName = keyof NodeFilters;

/** China first, then Southeast Asia, then the world: the order of §3's map types. */
export const MAP_TYPE_ORDER: readonly MapType[] = [MAP_TYPES.CHINA, MAP_TYPES.SOUTHEAST_ASIA, MAP_TYPES.WORLD];

type FilterableNode = Pick<NodeCatalogueEntry, 'region' | 'province' | 'country' | 'isp'>;

export function matchesFilters(node: FilterableNode, filters: NodeFilters): boolean {
  if (filters.region !== undefined && node.region !== filters.region) return false;
  if (filters.province !== undefined && node.province !== filters.province) return false;
  if (filters.country !== undefined && node.country !== filters.country) return false;
  return filters.isp === undefined || node.isp === filters.isp;
}

export function filterNodes<T extends FilterableNode>(nodes: readonly T[], filters: NodeFilters): T[] {
  return nodes.filter((node) => matchesFilters(node, filters));
}

export function hasNodeFilters(filters: NodeFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/**
 * Sets one filter from a select's value ('' is "any"). A province belongs to a region, so a new
 * region drops a province outside it; `provinceRegion` tells which region a province lies in.
 */
export function withNodeFilter(
  filters: NodeFilters,
  name: NodeFilterName,
  raw: string,
  provinceRegion: (province: string) => ChinaRegion | null = () => null,
): NodeFilters {
  const next = { ...filters, [name]: raw === '' ? undefined : name === 'isp' ? Number(raw) : raw } as NodeFilters;
  if (name === 'region' && next.province !== undefined && next.region !== undefined && provinceRegion(next.province) !== next.region) {
    next.province = undefined;
  }
  return Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)) as NodeFilters;
}

export interface NodeGroup<T> {
  mapType: MapType;
  nodes: T[];
}

/** The nodes in the three map-type groups, each group in the catalogue's order; empty groups are kept. */
export function groupByMapType<T extends Pick<NodeCatalogueEntry, 'mapType'>>(nodes: readonly T[]): NodeGroup<T>[] {
  return MAP_TYPE_ORDER.map((mapType) => ({ mapType, nodes: nodes.filter((node) => node.mapType === mapType) }));
}

export type SelectionState = 'none' | 'some' | 'all';

/** How many of `ids` are selected: none, some or all (no ids at all counts as none). */
export function selectionState(selected: readonly number[], ids: readonly number[]): SelectionState {
  if (ids.length === 0) return 'none';
  const chosen = new Set(selected);
  const count = ids.filter((id) => chosen.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** Adds every one of `ids` (on) or removes them (off); the others stay selected, in their order. */
export function withAll(selected: readonly number[], ids: readonly number[], on: boolean): number[] {
  if (!on) {
    const removed = new Set(ids);
    return selected.filter((id) => !removed.has(id));
  }
  const chosen = new Set(selected);
  const added = [...new Set(ids)].filter((id) => !chosen.has(id));
  return [...selected, ...added];
}

export function toggleNode(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
}

/** Selected ids that the catalogue no longer has (a node removed since the task was saved). */
export function missingNodeIds(selected: readonly number[], nodes: readonly Pick<NodeCatalogueEntry, 'id'>[]): number[] {
  const known = new Set(nodes.map((node) => node.id));
  return selected.filter((id) => !known.has(id));
}

/** The values a filter can take among these nodes, in order, for its select; provinces only within a chosen region. */
export function filterOptions(nodes: readonly NodeCatalogueEntry[], filters: NodeFilters) {
  const china = nodes.filter((node) => node.region !== null && (filters.region === undefined || node.region === filters.region));
  const distinctSorted = <T extends string | number>(values: T[]) =>
    [...new Set(values)].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b))));
  return {
    provinces: distinctSorted(china.map((node) => node.province).filter((province): province is string => province !== null)),
    countries: distinctSorted(nodes.map((node) => node.country)),
    isps: distinctSorted(nodes.map((node) => node.isp)),
  };
}

/** The China region a province lies in, as the catalogue places it. */
export function regionOfProvince(nodes: readonly NodeCatalogueEntry[], province: string): ChinaRegion | null {
  return nodes.find((node) => node.province === province)?.region ?? null;
}
