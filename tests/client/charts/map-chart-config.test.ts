import type { ScriptableContext, TooltipItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { mapData, mapOptions, type MapSetup } from '../../../src/client/charts/map-chart-config.js';
import type { MapNode, MapRegionStatus } from '../../../src/client/charts/map-regions.js';
import { NO_NODE_FILL, SERVICE_STATUS_COLOURS } from '../../../src/client/charts/status-colours.js';
import type { RegionFeature } from '../../../src/client/geo/region-geometry.js';
import { MAP_TYPES, SERVICE_STATUS, type MapType } from '../../../src/shared/index.js';

const region = (key: string): RegionFeature => ({
  type: 'Feature',
  properties: { key, name: key, country: 'CN' },
  geometry: { type: 'Polygon', coordinates: [[[0, 0], [0, 1], [1, 1], [0, 0]]] },
});

const features = [region('Beijing'), region('Tibet'), region('Hebei')];
const regions: MapRegionStatus[] = [
  { key: 'Beijing', status: SERVICE_STATUS.NORMAL, availability: 99, latencyMs: 20, nodeCount: 1 },
  { key: 'Tibet', status: SERVICE_STATUS.ERROR, availability: 50, latencyMs: 300, nodeCount: 1 },
];
const nodes: MapNode[] = [
  { id: 1, name: 'Beijing Telecom', latitude: 39.9, longitude: 116.4, country: 'CN', province: 'Beijing', availability: 99, latencyMs: 20 },
  { id: 2, name: 'Lhasa Mobile', latitude: 29.65, longitude: 91.17, country: 'CN', province: 'Tibet', availability: 50, latencyMs: 300 },
  { id: 3, name: 'Harbin Unicom', latitude: 45.8, longitude: 126.5, country: 'CN', province: 'Heilongjiang', availability: null, latencyMs: null },
];

const setup = (mapType: MapType = MAP_TYPES.CHINA): MapSetup => ({
  mapType,
  features,
  regions: new Map(regions.map((entry) => [entry.key, entry])),
  nodes,
  texts: {
    regionName: (feature) => `region ${feature.properties.key}`,
    status: (status) => `status ${status}`,
    availability: (value) => `availability ${value ?? '-'}`,
    latency: (value) => `latency ${value ?? '-'}`,
  },
});

// The two layers as the tests read them (chart.js types a dataset by the chart's own type).
interface Layer {
  order: number;
  outline: unknown;
  data: { value: number; feature?: RegionFeature }[];
  backgroundColor: string[] | ((context: Partial<ScriptableContext<'choropleth'>>) => string);
}

const layers = () => mapData(setup()).datasets as unknown as [Layer, Layer];

describe('status map layers', () => {
  it('fills each region by its status, and regions without nodes lighter than "no data"', () => {
    const [regionLayer] = layers();
    const fill = regionLayer.backgroundColor as (context: Partial<ScriptableContext<'choropleth'>>) => string;
    expect(regionLayer.data.map((point) => fill({ raw: point }))).toEqual([
      SERVICE_STATUS_COLOURS[SERVICE_STATUS.NORMAL],
      SERVICE_STATUS_COLOURS[SERVICE_STATUS.ERROR],
      NO_NODE_FILL,
    ]);
    expect(NO_NODE_FILL).not.toBe(SERVICE_STATUS_COLOURS[SERVICE_STATUS.NONE]);
  });

  it('puts a marker per node, coloured by its own availability, above the regions', () => {
    const [regionLayer, nodeLayer] = layers();
    expect(nodeLayer.data).toEqual(nodes.map((node) => ({ longitude: node.longitude, latitude: node.latitude, value: 1 })));
    expect(nodeLayer.backgroundColor).toEqual([
      SERVICE_STATUS_COLOURS[SERVICE_STATUS.NORMAL],
      SERVICE_STATUS_COLOURS[SERVICE_STATUS.ERROR],
      SERVICE_STATUS_COLOURS[SERVICE_STATUS.NONE],
    ]);
    expect(nodeLayer.order).toBeLessThan(regionLayer.order);
  });

  it('fits both layers to the same outline (the regions), so markers sit on the map', () => {
    const [regionLayer, nodeLayer] = layers();
    expect(nodeLayer.outline).toEqual(regionLayer.outline);
    expect(regionLayer.outline).toEqual(features);
  });

  it('projects regional maps with Mercator and the world with Equal Earth', () => {
    const projection = (mapType: MapType) => (mapOptions(setup(mapType)).scales as Record<string, { projection?: string }>)['projection']?.projection;
    expect([projection(MAP_TYPES.CHINA), projection(MAP_TYPES.SOUTHEAST_ASIA), projection(MAP_TYPES.WORLD)]).toEqual([
      'mercator',
      'mercator',
      'equalEarth',
    ]);
  });

  it('tells node name, availability and response time for a marker, and the status for a region', () => {
    const label = mapOptions(setup()).plugins?.tooltip?.callbacks?.label as unknown as (item: Partial<TooltipItem<'choropleth'>>) => string[];
    expect(label({ datasetIndex: 1, dataIndex: 1 })).toEqual(['Lhasa Mobile', 'availability 50', 'latency 300']);
    expect(label({ datasetIndex: 1, dataIndex: 2 })).toEqual(['Harbin Unicom', 'availability -', 'latency -']);
    expect(label({ datasetIndex: 0, dataIndex: 0 })).toEqual(['region Beijing', 'status 1', 'availability 99', 'latency 20']);
    expect(label({ datasetIndex: 0, dataIndex: 2 })).toEqual(['region Hebei']);
  });
});
