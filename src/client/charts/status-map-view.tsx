import { use, useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { MapType } from '../../shared/index.js';
import { numberFormats, useChartLocale } from './chart-locale.js';
import { loadGeometry } from './geometry.js';
import { mapData, mapOptions, type MapSetup, type MapTooltipTexts } from './map-chart-config.js';
import { GEOMETRY_OF_MAP_TYPE, regionDisplayName, type MapNode, type MapRegionStatus } from './map-regions.js';
import './register-map.js';

export interface StatusMapViewProps {
  mapType: MapType;
  nodes: readonly MapNode[];
  regions: readonly MapRegionStatus[];
  height: number;
  label: string;
  flagLabel?: string;
}

function useTooltipTexts(mapType: MapType): MapTooltipTexts {
  const { t, i18n } = useTranslation();
  const locale = useChartLocale();
  return useMemo(() => {
    const numbers = numberFormats(locale);
    const translator = { t, exists: (key: string) => i18n.exists(key), locale };
    const orNone = (value: number | null, format: (value: number) => string) => (value === null ? t('charts:noValue') : format(value));
    return {
      regionName: (feature) => regionDisplayName(feature.properties.key, mapType, translator, feature.properties.name),
      status: (status) => t('charts:tooltip.status', { value: t(`charts:status.${status}`) }),
      availability: (value) => t('charts:tooltip.availability', { value: orNone(value, numbers.percent) }),
      latency: (value) => t('charts:tooltip.latency', { value: orNone(value, (ms) => t('charts:value.ms', { value: numbers.number(ms) })) }),
    };
  }, [mapType, locale, t, i18n]);
}

/** The chart.js part of StatusMap: fetches the map's geometry (suspends meanwhile) and draws it. */
export default function StatusMapView({ mapType, nodes, regions, height, label, flagLabel }: StatusMapViewProps) {
  const geometry = use(loadGeometry(GEOMETRY_OF_MAP_TYPE[mapType]));
  const texts = useTooltipTexts(mapType);
  const setup = useMemo<MapSetup>(
    () => ({ mapType, features: geometry.features, regions: new Map(regions.map((region) => [region.key, region])), nodes, texts, ...(flagLabel ? { flagLabel } : {}) }),
    [mapType, geometry, regions, nodes, texts, flagLabel],
  );
  const data = useMemo(() => mapData(setup), [setup]);
  const options = useMemo(() => mapOptions(setup), [setup]);
  return (
    <div style={{ height }} className="relative rounded-lg border border-slate-200 bg-white p-2">
      <Chart type="choropleth" data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
