import { MAP_TYPES, type DetailBreakdownAnswer, type MapType, type NodeBreakdown } from '../../../shared/index.js';
import type { MapNode, MapRegionStatus } from '../../charts/index.js';
import { mismatchedNodeIds } from './ip-finding-text.js';

/** China, Southeast Asia, world: the order of the map tabs. */
export const MAP_TAB_ORDER: readonly MapType[] = [MAP_TYPES.CHINA, MAP_TYPES.SOUTHEAST_ASIA, MAP_TYPES.WORLD];

/** The maps worth a tab: those with at least one of the task's nodes on them. */
export function mapTabsOf(breakdown: Pick<DetailBreakdownAnswer, 'maps'>): MapType[] {
  return MAP_TAB_ORDER.filter((mapType) => breakdown.maps.some((map) => map.mapType === mapType && map.points.length > 0));
}

export interface DetailMapProps {
  mapType: MapType;
  nodes: MapNode[];
  regions: MapRegionStatus[];
}

type Breakdown = Pick<DetailBreakdownAnswer, 'maps' | 'nodes' | 'provinces' | 'countries' | 'ipFinding'>;

/** The China map draws Hong Kong and Macau as regions of their own, named by country code. */
const CHINA_MAP_COUNTRY_REGIONS: ReadonlySet<string> = new Set(['HK', 'MO']);

function latencyOfRegion(breakdown: Breakdown, mapType: MapType, key: string): number | null {
  const group =
    mapType === MAP_TYPES.CHINA
      ? breakdown.provinces.find((province) => province.province === key)
      : breakdown.countries.find((country) => country.country === key);
  return group?.avgResponseMs ?? null;
}

function chinaCountryRegions(breakdown: Breakdown, nodes: readonly NodeBreakdown[]): MapRegionStatus[] {
  const codes = new Set(nodes.map((node) => node.country).filter((country) => CHINA_MAP_COUNTRY_REGIONS.has(country)));
  return breakdown.countries
    .filter((group) => codes.has(group.country))
    .map((group) => ({
      key: group.country,
      status: group.serviceStatus,
      availability: group.availabilityPercent,
      latencyMs: group.avgResponseMs,
      nodeCount: group.nodeCount,
    }));
}

/**
 * The props of one map: its regions as the server grouped them (with each group's response time)
 * and a marker per node of the map, named by `nameOf` and coloured by its own availability; nodes
 * whose latest answer left the matched IPs are flagged, and drawn last so a neighbour's marker at
 * the same city never hides them.
 */
export function mapPropsOf(breakdown: Breakdown, mapType: MapType, nameOf: (node: NodeBreakdown) => string): DetailMapProps {
  const map = breakdown.maps.find((candidate) => candidate.mapType === mapType);
  if (!map) return { mapType, nodes: [], regions: [] };
  const byId = new Map(breakdown.nodes.map((node) => [node.nodeId, node]));
  const mapNodes = map.points.map((point) => byId.get(point.nodeId)).filter((node): node is NodeBreakdown => node !== undefined);
  const regions: MapRegionStatus[] = map.regions.map((region) => ({
    key: region.key,
    status: region.serviceStatus,
    availability: region.availabilityPercent,
    latencyMs: latencyOfRegion(breakdown, mapType, region.key),
    nodeCount: region.nodeCount,
  }));
  if (mapType === MAP_TYPES.CHINA) regions.push(...chinaCountryRegions(breakdown, mapNodes));
  const mismatched = mismatchedNodeIds(breakdown);
  const drawOrder = [...mapNodes.filter((node) => !mismatched.has(node.nodeId)), ...mapNodes.filter((node) => mismatched.has(node.nodeId))];
  const nodes: MapNode[] = drawOrder.map((node) => ({
    id: node.nodeId,
    name: nameOf(node),
    latitude: node.latitude,
    longitude: node.longitude,
    country: node.country,
    province: node.province,
    availability: node.availabilityPercent,
    latencyMs: node.avgResponseMs,
    ...(mismatched.has(node.nodeId) ? { flagged: true } : {}),
  }));
  return { mapType, nodes, regions };
}
