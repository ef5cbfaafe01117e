import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceStatusOf, type MapType, type ServiceStatus } from '../../shared/index.js';
import { numberFormats, useChartLocale } from './chart-locale.js';
import { regionDisplayName, sortRegionsForReading, type MapNode, type MapRegionStatus } from './map-regions.js';
import { SERVICE_STATUS_COLOURS } from './status-colours.js';

/** Colour plus text, so a status never rests on colour alone. */
export function ServiceStatusLabel({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: SERVICE_STATUS_COLOURS[status] }} />
      {t(`charts:status.${status}`)}
    </span>
  );
}

function useFormatters() {
  const { t } = useTranslation();
  const locale = useChartLocale();
  return useMemo(() => {
    const numbers = numberFormats(locale);
    return {
      locale,
      percent: (value: number | null) => (value === null ? t('charts:noValue') : numbers.percent(value)),
      ms: (value: number | null) => (value === null ? t('charts:noValue') : t('charts:value.ms', { value: numbers.number(value) })),
      count: (value: number | undefined) => (value === undefined ? t('charts:noValue') : numbers.number(value)),
    };
  }, [locale, t]);
}

const CELL = 'px-3 py-2 text-left';

interface StatusMapTableProps {
  id: string;
  mapType: MapType;
  regions: readonly MapRegionStatus[];
  nodes: readonly MapNode[];
  /** Said beside the status of each flagged node. */
  flagLabel?: string | null;
}

/** The map as tables (regions, then nodes), for keyboard and screen-reader users; worst first. */
export function StatusMapTable({ id, mapType, regions, nodes, flagLabel = null }: StatusMapTableProps) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const nameOf = (region: MapRegionStatus) =>
    regionDisplayName(region.key, mapType, { t, exists: (key) => i18n.exists(key), locale: format.locale });
  const sortedNodes = sortRegionsForReading(
    nodes.map((node) => ({ node, status: serviceStatusOf(node.availability) })),
    (entry) => entry.node.name,
  );
  return (
    <div id={id} className="mt-3 flex flex-col gap-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        <caption className="px-3 py-2 text-left font-semibold text-slate-800">{t('charts:map.regionsCaption')}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className={CELL}>{t('charts:map.region')}</th>
            <th scope="col" className={CELL}>{t('charts:map.status')}</th>
            <th scope="col" className={CELL}>{t('charts:map.availability')}</th>
            <th scope="col" className={CELL}>{t('charts:map.latency')}</th>
            <th scope="col" className={CELL}>{t('charts:map.nodeCount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {regions.length === 0 && (
            <tr>
              <td colSpan={5} className={`${CELL} text-slate-600`}>{t('charts:map.noRegions')}</td>
            </tr>
          )}
          {sortRegionsForReading(regions, nameOf).map((region) => (
            <tr key={region.key}>
              <th scope="row" className={`${CELL} font-medium text-slate-800`}>{nameOf(region)}</th>
              <td className={CELL}><ServiceStatusLabel status={region.status} /></td>
              <td className={CELL}>{format.percent(region.availability)}</td>
              <td className={CELL}>{format.ms(region.latencyMs)}</td>
              <td className={CELL}>{format.count(region.nodeCount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sortedNodes.length > 0 && (
        <table className="min-w-full divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
          <caption className="px-3 py-2 text-left font-semibold text-slate-800">{t('charts:map.nodesCaption')}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className={CELL}>{t('charts:map.node')}</th>
              <th scope="col" className={CELL}>{t('charts:map.status')}</th>
              <th scope="col" className={CELL}>{t('charts:map.availability')}</th>
              <th scope="col" className={CELL}>{t('charts:map.latency')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sortedNodes.map(({ node, status }) => (
              <tr key={node.id}>
                <th scope="row" className={`${CELL} font-medium text-slate-800`}>{node.name}</th>
                <td className={CELL}>
                  <ServiceStatusLabel status={status} />
                  {node.flagged && flagLabel !== null && <span className="block text-xs font-medium text-violet-700">{flagLabel}</span>}
                </td>
                <td className={CELL}>{format.percent(node.availability)}</td>
                <td className={CELL}>{format.ms(node.latencyMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
