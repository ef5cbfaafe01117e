import { DetailBreakdownAnswer, type NodeBreakdown, type RangeFigures } from '../../../src/shared/index.js';

/** Figures as the server computes them: availability over all checks, the §3 band. */
export function figures(successes: number, count: number, avgResponseMs: number | null): RangeFigures {
  const availabilityPercent = count === 0 ? null : (successes / count) * 100;
  const serviceStatus = availabilityPercent === null ? 0 : availabilityPercent >= 95 ? 1 : availabilityPercent >= 75 ? 2 : 3;
  return { count, successes, availabilityPercent, avgResponseMs, serviceStatus };
}

type Place = Pick<NodeBreakdown, 'nodeId' | 'name' | 'city' | 'province' | 'country' | 'isp' | 'mapType' | 'latitude' | 'longitude'>;

export const BEIJING: Place = { nodeId: 1, name: 'Beijing Telecom', city: 'Beijing', province: 'Beijing', country: 'CN', isp: 1, mapType: 1, latitude: 39.9, longitude: 116.4 };
export const LHASA: Place = { nodeId: 2, name: 'Lhasa Mobile', city: 'Lhasa', province: 'Tibet', country: 'CN', isp: 3, mapType: 1, latitude: 29.65, longitude: 91.17 };
export const HONG_KONG: Place = { nodeId: 3, name: 'Hong Kong', city: 'Hong Kong', province: null, country: 'HK', isp: 0, mapType: 1, latitude: 22.3, longitude: 114.2 };
export const SINGAPORE: Place = { nodeId: 4, name: 'Singapore', city: 'Singapore', province: null, country: 'SG', isp: 9, mapType: 2, latitude: 1.35, longitude: 103.8 };

export function nodeOf(place: Place, nodeFigures: RangeFigures): NodeBreakdown {
  return { ...place, ...nodeFigures, lastState: null, resolvedIps: [], ipMatched: null };
}

/** A breakdown as /domain/detail/breakdown answers for nodes in Beijing, Lhasa, Hong Kong and Singapore. */
export function sampleBreakdown(): DetailBreakdownAnswer {
  const beijing = figures(60, 60, 20);
  const lhasa = figures(30, 60, 120);
  const hongKong = figures(0, 0, null);
  const singapore = figures(50, 60, 80);
  const nodes = [nodeOf(BEIJING, beijing), nodeOf(LHASA, lhasa), nodeOf(HONG_KONG, hongKong), nodeOf(SINGAPORE, singapore)];
  const point = (node: NodeBreakdown) => ({ nodeId: node.nodeId, city: node.city, latitude: node.latitude, longitude: node.longitude, serviceStatus: node.serviceStatus });
  const region = (key: string, regionFigures: RangeFigures, nodeCount: number) => ({
    key,
    availabilityPercent: regionFigures.availabilityPercent,
    serviceStatus: regionFigures.serviceStatus,
    nodeCount,
  });
  return DetailBreakdownAnswer.parse({
    from: '2026-03-15T11:00:00.000Z',
    to: '2026-03-15T12:00:00.000Z',
    nodes,
    isps: [
      { isp: 0, nodeCount: 1, ...hongKong },
      { isp: 1, nodeCount: 1, ...beijing },
      { isp: 3, nodeCount: 1, ...lhasa },
      { isp: 9, nodeCount: 1, ...singapore },
    ],
    provinces: [
      { province: 'Beijing', nodeCount: 1, ...beijing },
      { province: 'Tibet', nodeCount: 1, ...lhasa },
    ],
    countries: [
      { country: 'CN', nodeCount: 2, ...figures(90, 120, 70) },
      { country: 'HK', nodeCount: 1, ...hongKong },
      { country: 'SG', nodeCount: 1, ...singapore },
    ],
    maps: [
      { mapType: 1, regions: [region('Beijing', beijing, 1), region('Tibet', lhasa, 1)], points: nodes.slice(0, 3).map(point) },
      { mapType: 2, regions: [region('SG', singapore, 1)], points: [point(nodes[3] as NodeBreakdown)] },
      {
        mapType: 3,
        regions: [region('CN', figures(90, 120, 70), 2), region('HK', hongKong, 1), region('SG', singapore, 1)],
        points: nodes.map(point),
      },
    ],
    ipFinding: null,
  });
}
