import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_STATUS, type MapType, type ServiceStatus } from '../../shared/index.js';
import { ChartEmpty, ChartError, ChartLoading } from './chart-states.js';
import { forgetFailedGeometry } from './geometry-cache.js';
import { LazyView } from './lazy-view.js';
import { isOnMap, regionStatusesFromNodes, type MapNode, type MapRegionStatus } from './map-regions.js';
import { FLAGGED_NODE_RING, NO_NODE_FILL } from './status-colours.js';
import { ServiceStatusLabel, StatusMapTable } from './status-map-table.js';
import type { StatusMapViewProps } from './status-map-view.js';

export interface StatusMapProps {
  /** 1 China (provinces), 2 Southeast Asia, 3 world (countries). */
  mapType: MapType;
  /** The task's nodes with their figures over the chosen range; undefined while loading. */
  nodes: readonly MapNode[] | undefined;
  /** Per-region figures when the caller has them (the detail breakdown); else derived from the nodes. */
  regions?: readonly MapRegionStatus[];
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  height?: number;
  /** The accessible name of the map; a generic one by default. */
  label?: string;
  /** What marks the nodes with `flagged` (e.g. "resolves outside the matched IPs"): legend, tooltip and table say it. */
  flagLabel?: string;
}

const DEFAULT_HEIGHT = 420;
const LEGEND: readonly ServiceStatus[] = [SERVICE_STATUS.NORMAL, SERVICE_STATUS.WARNING, SERVICE_STATUS.ERROR, SERVICE_STATUS.NONE];

const loadMapView = () => import('./status-map-view.js');

function StatusLegend({ flagLabel }: { flagLabel: string | null }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('charts:map.legend')} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
      {LEGEND.map((status) => (
        <li key={status}>
          <ServiceStatusLabel status={status} />
        </li>
      ))}
      <li className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: NO_NODE_FILL }} />
        {t('charts:map.noNode')}
      </li>
      {flagLabel !== null && (
        <li className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-full border-[3px] bg-white" style={{ borderColor: FLAGGED_NODE_RING }} />
          {flagLabel}
        </li>
      )}
    </ul>
  );
}

/**
 * A map of service status: regions (China's provinces, or countries) coloured by the §3 band and a
 * marker per node. chart.js, chartjs-chart-geo and the geometry load with the first map shown. A
 * toggle shows the same regions and nodes as tables, for keyboard and screen-reader users.
 */
export function StatusMap({ mapType, nodes, regions, isLoading, isError, onRetry, height = DEFAULT_HEIGHT, label, flagLabel }: StatusMapProps) {
  const { t } = useTranslation();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const onMap = useMemo(() => (nodes ?? []).filter((node) => isOnMap(node, mapType)), [nodes, mapType]);
  const regionStatuses = useMemo(() => regions ?? regionStatusesFromNodes(onMap, mapType), [regions, onMap, mapType]);
  if (isError) return <ChartError height={height} onRetry={onRetry} />;
  if (isLoading || !nodes) return <ChartLoading height={height} />;
  if (onMap.length === 0 && regionStatuses.length === 0) return <ChartEmpty height={height} />;
  const shownFlag = flagLabel !== undefined && onMap.some((node) => node.flagged) ? flagLabel : null;
  const viewProps: StatusMapViewProps = { mapType, nodes: onMap, regions: regionStatuses, height, label: label ?? t('charts:map.label'), ...(shownFlag === null ? {} : { flagLabel: shownFlag }) };
  return (
    <div>
      <LazyView load={loadMapView} height={height} viewProps={viewProps} beforeRetry={forgetFailedGeometry} />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <StatusLegend flagLabel={shownFlag} />
        <button
          type="button"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
          className="focus-ring rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t(showTable ? 'charts:map.hideTable' : 'charts:map.showTable')}
        </button>
      </div>
      {showTable && <StatusMapTable id={tableId} mapType={mapType} regions={regionStatuses} nodes={onMap} flagLabel={shownFlag} />}
    </div>
  );
}
