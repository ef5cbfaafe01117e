import type {
  CountryGroup,
  DetailBreakdownAnswer,
  DetailMap,
  IspGroup,
  NodeBreakdown,
  ProvinceGroup,
} from '../../../shared/calls/domain-detail-answers.js';
import { MAP_TYPES, type IspCode, type MapType } from '../../../shared/codes.js';
import { isoTime } from '../../db/columns.js';
import { addSums, emptySums, isoRangeOf, type NodeLatestAnswer, type Sums, type TimeRange } from '../../results/index.js';
import { figuresOf } from './figures.js';
import type { IpView } from './ip-finding.js';
import type { NodePlaceRow } from './places-repo.js';

/**
 * The per node, per ISP, per province and per country figures of one task, and its maps, from the
 * sums per node over the range. A group's figures are its nodes' sums added up (not an average of
 * node percentages), so a node with more checks weighs more, as in the task's own figures.
 */

export interface LatestStateRow {
  node_id: number;
  ts: number;
  ok: number;
  latency_ms: number | null;
  failure_code: string | null;
}

interface PlacedNode {
  place: NodePlaceRow;
  sums: Sums;
  breakdown: NodeBreakdown;
}

function nodeBreakdownOf(place: NodePlaceRow, sums: Sums, latest: LatestStateRow | undefined, answer: NodeLatestAnswer | undefined): NodeBreakdown {
  return {
    nodeId: place.id,
    name: place.name,
    city: place.city,
    province: place.province,
    country: place.country,
    isp: place.isp as IspCode,
    mapType: place.map_type as MapType,
    latitude: place.latitude,
    longitude: place.longitude,
    ...figuresOf(sums),
    lastState: latest
      ? { at: isoTime(latest.ts), ok: latest.ok === 1, latencyMs: latest.latency_ms, failureCode: latest.failure_code }
      : null,
    resolvedIps: answer?.resolvedIps ?? [],
    ipMatched: answer?.ipMatched ?? null,
  };
}

interface Group<K> {
  key: K;
  nodeCount: number;
  sums: Sums;
}

function groupBy<K extends string | number>(nodes: readonly PlacedNode[], keyOf: (node: PlacedNode) => K | null): Group<K>[] {
  const groups = new Map<K, Group<K>>();
  for (const node of nodes) {
    const key = keyOf(node);
    if (key === null) continue;
    const group = groups.get(key) ?? { key, nodeCount: 0, sums: emptySums() };
    group.nodeCount += 1;
    addSums(group.sums, node.sums);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const chinaProvinceOf = (node: PlacedNode) => (node.place.country === 'CN' ? node.place.province : null);

function mapOf(mapType: MapType, nodes: readonly PlacedNode[], regionOf: (node: PlacedNode) => string | null): DetailMap {
  return {
    mapType,
    regions: groupBy(nodes, regionOf).map((group) => {
      const figures = figuresOf(group.sums);
      return { key: group.key, availabilityPercent: figures.availabilityPercent, serviceStatus: figures.serviceStatus, nodeCount: group.nodeCount };
    }),
    points: nodes.map(({ breakdown }) => ({
      nodeId: breakdown.nodeId,
      city: breakdown.city,
      latitude: breakdown.latitude,
      longitude: breakdown.longitude,
      serviceStatus: breakdown.serviceStatus,
    })),
  };
}

/** China by province, Southeast Asia by country of its nodes, the world by country of every node. */
function mapsOf(nodes: readonly PlacedNode[]): DetailMap[] {
  const ofType = (mapType: MapType) => nodes.filter((node) => node.place.map_type === mapType);
  return [
    mapOf(MAP_TYPES.CHINA, ofType(MAP_TYPES.CHINA), chinaProvinceOf),
    mapOf(MAP_TYPES.SOUTHEAST_ASIA, ofType(MAP_TYPES.SOUTHEAST_ASIA), (node) => node.place.country),
    mapOf(MAP_TYPES.WORLD, nodes, (node) => node.place.country),
  ];
}

const groupFigures = <K>(group: Group<K>) => ({ ...figuresOf(group.sums), nodeCount: group.nodeCount });

export function breakdownOf(
  range: TimeRange,
  covered: TimeRange,
  places: readonly NodePlaceRow[],
  sumsByNode: ReadonlyMap<number, Sums>,
  latestByNode: ReadonlyMap<number, LatestStateRow>,
  ip: IpView,
): DetailBreakdownAnswer {
  const nodes: PlacedNode[] = places.map((place) => {
    const sums = sumsByNode.get(place.id) ?? emptySums();
    return { place, sums, breakdown: nodeBreakdownOf(place, sums, latestByNode.get(place.id), ip.answers.get(place.id)) };
  });
  const isps: IspGroup[] = groupBy(nodes, (node) => node.place.isp).map((group) => ({ ...groupFigures(group), isp: group.key as IspCode }));
  const provinces: ProvinceGroup[] = groupBy(nodes, chinaProvinceOf).map((group) => ({ ...groupFigures(group), province: group.key }));
  const countries: CountryGroup[] = groupBy(nodes, (node) => node.place.country).map((group) => ({ ...groupFigures(group), country: group.key }));
  return {
    from: isoTime(range.from),
    to: isoTime(range.to),
    covered: isoRangeOf(covered),
    nodes: nodes.map((node) => node.breakdown),
    isps,
    provinces,
    countries,
    maps: mapsOf(nodes),
    ipFinding: ip.finding,
  };
}
