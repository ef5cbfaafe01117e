import type { ChartData, ChartOptions, ScriptableContext, TooltipItem } from 'chart.js';
import type { IProjectionScaleOptions } from 'chartjs-chart-geo';
import { MAP_TYPES, serviceStatusOf, type MapType, type ServiceStatus } from '../../shared/index.js';
import type { RegionFeature } from '../geo/region-geometry.js';
import type { MapNode, MapRegionStatus } from './map-regions.js';
import { FLAGGED_NODE_RING, NO_NODE_FILL, serviceStatusColour } from './status-colours.js';

/** Mercator for the regional maps (familiar from web maps), Equal Earth for the world. */
const PROJECTIONS: Readonly<Record<MapType, IProjectionScaleOptions['projection']>> = {
  [MAP_TYPES.CHINA]: 'mercator',
  [MAP_TYPES.SOUTHEAST_ASIA]: 'mercator',
  [MAP_TYPES.WORLD]: 'equalEarth',
};

const MARKER_RADIUS = 5;
/** A flagged node's marker: larger, with a thick ring, so it stands out beside its neighbours. */
const FLAGGED_RADIUS = 7;
const FLAGGED_RING_WIDTH = 3;
/** A region without any node: not a status, so the choropleth value is outside 0-3. */
const NO_NODE = -1;

export interface MapTooltipTexts {
  regionName: (feature: RegionFeature) => string;
  status: (status: ServiceStatus) => string;
  availability: (value: number | null) => string;
  latency: (value: number | null) => string;
}

export interface MapSetup {
  mapType: MapType;
  features: readonly RegionFeature[];
  regions: ReadonlyMap<string, MapRegionStatus>;
  nodes: readonly MapNode[];
  texts: MapTooltipTexts;
  /** The words for flagged nodes, shown in their tooltip. */
  flagLabel?: string;
}

interface RegionPoint {
  feature: RegionFeature;
  value: number;
}

const regionFill = (context: ScriptableContext<'choropleth'>) => {
  const value = (context.raw as RegionPoint | undefined)?.value ?? NO_NODE;
  return value === NO_NODE ? NO_NODE_FILL : serviceStatusColour(value as ServiceStatus);
};

/**
 * One chart, two layers on one projection: regions filled by service status, and a marker per
 * node at its city coloured by its own availability. Both layers fit the projection to the regions
 * (each geo dataset fits the shared projection to its outline; the last one would win otherwise).
 */
export function mapData({ features, regions, nodes }: MapSetup): ChartData<'choropleth'> {
  const outline = [...features];
  const regionLayer = {
    type: 'choropleth' as const,
    label: 'regions',
    // chart.js draws lower orders last, on top: the markers must sit above the regions.
    order: 1,
    outline,
    data: features.map((feature): RegionPoint => ({ feature, value: regions.get(feature.properties.key)?.status ?? NO_NODE })),
    backgroundColor: regionFill,
    borderColor: '#ffffff',
    borderWidth: 0.6,
  };
  const nodeLayer = {
    type: 'bubbleMap' as const,
    label: 'nodes',
    order: 0,
    outline,
    showOutline: false,
    data: nodes.map((node) => ({ longitude: node.longitude, latitude: node.latitude, value: 1 })),
    backgroundColor: nodes.map((node) => serviceStatusColour(serviceStatusOf(node.availability))),
    borderColor: nodes.map((node) => (node.flagged ? FLAGGED_NODE_RING : '#ffffff')),
    borderWidth: nodes.map((node) => (node.flagged ? FLAGGED_RING_WIDTH : 1.5)),
    radius: nodes.map((node) => (node.flagged ? FLAGGED_RADIUS : MARKER_RADIUS)),
    hoverRadius: nodes.map((node) => (node.flagged ? FLAGGED_RADIUS : MARKER_RADIUS) + 2),
  };
  // chart.js types a chart's datasets by the chart's own type; this chart mixes two geo types.
  return { labels: features.map((feature) => feature.properties.key), datasets: [regionLayer, nodeLayer] } as unknown as ChartData<'choropleth'>;
}

function tooltipLines(item: TooltipItem<'choropleth'>, setup: MapSetup): string[] {
  const { texts } = setup;
  if (item.datasetIndex === 1) {
    const node = setup.nodes[item.dataIndex];
    if (!node) return [];
    const lines = [node.name, texts.availability(node.availability), texts.latency(node.latencyMs)];
    return node.flagged && setup.flagLabel ? [...lines, setup.flagLabel] : lines;
  }
  const feature = setup.features[item.dataIndex];
  if (!feature) return [];
  const region = setup.regions.get(feature.properties.key);
  const name = texts.regionName(feature);
  if (!region) return [name];
  return [name, texts.status(region.status), texts.availability(region.availability), texts.latency(region.latencyMs)];
}

export function mapOptions(setup: MapSetup): ChartOptions<'choropleth'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: () => '',
          label: (item) => tooltipLines(item, setup),
        },
      },
    },
    scales: {
      projection: { axis: 'x', projection: PROJECTIONS[setup.mapType], padding: 4 },
      color: { axis: 'x', display: false },
      size: { axis: 'x', display: false },
    },
  } as ChartOptions<'choropleth'>;
}
