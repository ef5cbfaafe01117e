// The console's charts. Only these wrappers and pure helpers load with the console; chart.js,
// chartjs-chart-geo and the map geometry load with the first chart shown.
export { TrendChart, type TrendChartProps } from './trend-chart.js';
export { StatusMap, type StatusMapProps } from './status-map.js';
export { ServiceStatusLabel } from './status-map-table.js';
export type { TrendPoint, TimeRange } from './trend-series.js';
export {
  isOnMap,
  regionDisplayName,
  regionKeyOfNode,
  regionStatusesFromNodes,
  type MapNode,
  type MapRegionStatus,
} from './map-regions.js';
export { SERVICE_STATUS_COLOURS, availabilityColour, bySeverity, serviceStatusColour } from './status-colours.js';
