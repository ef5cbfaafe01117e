import { describe, expect, it } from 'vitest';
import { isOnMap } from '../../../src/client/charts/index.js';
import { mapPropsOf, mapTabsOf } from '../../../src/client/features/detail/map-data.js';
import { MAP_TYPES, SERVICE_STATUS } from '../../../src/shared/index.js';
import { sampleBreakdown } from './fixtures.js';

const nameOf = (node: { name: string }) => `name:${node.name}`;

describe('breakdown → map tabs', () => {
  it('offers China, Southeast Asia and the world in that order when the task has nodes on each', () => {
    expect(mapTabsOf(sampleBreakdown())).toEqual([MAP_TYPES.CHINA, MAP_TYPES.SOUTHEAST_ASIA, MAP_TYPES.WORLD]);
  });

  it('leaves out the maps without any of the task\'s nodes', () => {
    const breakdown = sampleBreakdown();
    const withoutChina = { ...breakdown, maps: breakdown.maps.map((map) => (map.mapType === MAP_TYPES.CHINA ? { ...map, regions: [], points: [] } : map)) };
    expect(mapTabsOf(withoutChina)).toEqual([MAP_TYPES.SOUTHEAST_ASIA, MAP_TYPES.WORLD]);
    expect(mapTabsOf({ maps: breakdown.maps.map((map) => ({ ...map, regions: [], points: [] })) })).toEqual([]);
  });
});

describe('breakdown → map props', () => {
  it('colours China by province with each province\'s response time, and Hong Kong as its own region', () => {
    const props = mapPropsOf(sampleBreakdown(), MAP_TYPES.CHINA, nameOf);
    expect(props.regions).toEqual([
      { key: 'Beijing', status: SERVICE_STATUS.NORMAL, availability: 100, latencyMs: 20, nodeCount: 1 },
      { key: 'Tibet', status: SERVICE_STATUS.ERROR, availability: 50, latencyMs: 120, nodeCount: 1 },
      { key: 'HK', status: SERVICE_STATUS.NONE, availability: null, latencyMs: null, nodeCount: 1 },
    ]);
  });

  it('puts a marker per node of the map at its city, named for the reader, with its own figures', () => {
    const props = mapPropsOf(sampleBreakdown(), MAP_TYPES.CHINA, nameOf);
    expect(props.nodes.map((node) => node.id)).toEqual([1, 2, 3]);
    expect(props.nodes[1]).toEqual({
      id: 2,
      name: 'name:Lhasa Mobile',
      latitude: 29.65,
      longitude: 91.17,
      country: 'CN',
      province: 'Tibet',
      availability: 50,
      latencyMs: 120,
    });
    // The map draws every marker it is given: each one lies on the map.
    expect(props.nodes.every((node) => isOnMap(node, MAP_TYPES.CHINA))).toBe(true);
  });

  it('colours Southeast Asia and the world by country, with each country\'s response time', () => {
    const sea = mapPropsOf(sampleBreakdown(), MAP_TYPES.SOUTHEAST_ASIA, nameOf);
    expect(sea.regions).toEqual([{ key: 'SG', status: SERVICE_STATUS.WARNING, availability: (50 / 60) * 100, latencyMs: 80, nodeCount: 1 }]);
    expect(sea.nodes.map((node) => node.id)).toEqual([4]);
    const world = mapPropsOf(sampleBreakdown(), MAP_TYPES.WORLD, nameOf);
    expect(world.regions.map((region) => [region.key, region.latencyMs])).toEqual([
      ['CN', 70],
      ['HK', null],
      ['SG', 80],
    ]);
    expect(world.nodes).toHaveLength(4);
  });

  it('draws nothing for a map the answer lacks', () => {
    const breakdown = sampleBreakdown();
    expect(mapPropsOf({ ...breakdown, maps: [] }, MAP_TYPES.WORLD, nameOf)).toEqual({ mapType: MAP_TYPES.WORLD, nodes: [], regions: [] });
  });
});
