import { MAP_TYPES, serviceStatusOf, type MapType, type ServiceStatus } from '../../shared/index.js';
import { SOUTHEAST_ASIA_COUNTRIES, type GeometryName } from '../geo/region-geometry.js';
import { bySeverity } from './status-colours.js';

/** A probe node on a map: a marker at its city, coloured by its own availability. */
export interface MapNode {
  id: string | number;
  /** Shown in the tooltip and the table as given (the caller translates catalogue names). */
  name: string;
  latitude: number;
  longitude: number;
  /** ISO 3166-1 alpha-2, as nodes carry it ("CN", "TW"). */
  country: string;
  /** The province as the node catalogue spells it ("Inner Mongolia"); null outside China. */
  province: string | null;
  /** Average availability in percent over the chosen range; null when the node has no data. */
  availability: number | null;
  /** Average response time in ms; null when there is none. */
  latencyMs: number | null;
  /** Marked for the caller's reason (`StatusMap`'s `flagLabel`): a ring on its marker, a legend entry, the words in tooltip and table. */
  flagged?: boolean;
}

/** One region's service status: `key` is a province (China map) or an alpha-2 country code. */
export interface MapRegionStatus {
  key: string;
  status: ServiceStatus;
  availability: number | null;
  latencyMs: number | null;
  /** How many nodes the figures come from, when known. */
  nodeCount?: number;
}

export const GEOMETRY_OF_MAP_TYPE: Readonly<Record<MapType, GeometryName>> = {
  [MAP_TYPES.CHINA]: 'china',
  [MAP_TYPES.SOUTHEAST_ASIA]: 'sea',
  [MAP_TYPES.WORLD]: 'world',
};

/**
 * The region a node colours on a map: its province on the China map (Hong Kong and Macau by their
 * country code, as the map has them), its country on the others; null when it is off this map.
 */
export function regionKeyOfNode(node: Pick<MapNode, 'country' | 'province'>, mapType: MapType): string | null {
  if (mapType !== MAP_TYPES.CHINA) return node.country || null;
  if (node.country === 'CN') return node.province || null;
  return node.country === 'HK' || node.country === 'MO' ? node.country : null;
}

function mean(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
}

/**
 * Region statuses from the nodes when the caller has no per-region figures: each region's availability
 * is the mean of its nodes' (those with data), banded by §3; a region whose nodes have no data is "none".
 */
export function regionStatusesFromNodes(nodes: readonly MapNode[], mapType: MapType): MapRegionStatus[] {
  const byRegion = new Map<string, MapNode[]>();
  for (const node of nodes) {
    const key = regionKeyOfNode(node, mapType);
    if (key === null || !isOnMap(node, mapType)) continue;
    byRegion.set(key, [...(byRegion.get(key) ?? []), node]);
  }
  return [...byRegion].map(([key, members]) => {
    const availability = mean(members.map((node) => node.availability));
    return { key, availability, latencyMs: mean(members.map((node) => node.latencyMs)), status: serviceStatusOf(availability), nodeCount: members.length };
  });
}

/** The regions worst first, then by name, for the table beside the map. */
export function sortRegionsForReading<T extends { status: ServiceStatus }>(regions: readonly T[], nameOf: (region: T) => string): T[] {
  return [...regions].sort((a, b) => bySeverity(a.status, b.status) || nameOf(a).localeCompare(nameOf(b)));
}

const SOUTHEAST_ASIA: ReadonlySet<string> = new Set(SOUTHEAST_ASIA_COUNTRIES);

/** Whether a node sits on this map: China (mainland, Hong Kong, Macau), Southeast Asia, or anywhere. */
export function isOnMap(node: Pick<MapNode, 'country' | 'province'>, mapType: MapType): boolean {
  if (mapType === MAP_TYPES.CHINA) return regionKeyOfNode(node, mapType) !== null;
  if (mapType === MAP_TYPES.SOUTHEAST_ASIA) return SOUTHEAST_ASIA.has(node.country);
  return true;
}

export type Exists = (key: string) => boolean;
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const LOOKUP_SAFE = /^[^.:]+$/;

function countryName(code: string, t: Translate, exists: Exists, locale: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  if (exists(`places:codes.country.${code}`)) return t(`places:codes.country.${code}`);
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code) ?? null;
  } catch {
    return null;
  }
}

/**
 * A region's name in the user's language: provinces through `places:province.*`, countries through
 * `places:codes.country.*`, then the browser's own country names; else `fallback` (the geometry's English
 * name) or the key itself.
 */
export function regionDisplayName(key: string, mapType: MapType, translator: { t: Translate; exists: Exists; locale: string }, fallback?: string): string {
  const { t, exists, locale } = translator;
  const province = mapType === MAP_TYPES.CHINA && LOOKUP_SAFE.test(key) ? `places:province.${key}` : null;
  if (province && exists(province)) return t(province);
  return countryName(key, t, exists, locale) ?? fallback ?? key;
}
