import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartEmpty, ChartError, ChartLoading } from './chart-states.js';
import { LazyView } from './lazy-view.js';
import type { TrendChartViewProps } from './trend-chart-view.js';
import { hasTrendData, trendExtent, type TimeRange, type TrendPoint } from './trend-series.js';

export interface TrendChartProps {
  /** The trend in time order or not; undefined while loading. */
  points: readonly TrendPoint[] | undefined;
  /** The chosen time range (epoch ms); the x axis spans it even where no point falls. */
  range?: TimeRange;
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  /** Which lines to draw; both by default, on two axes (percent left, ms right). */
  series?: 'both' | 'availability' | 'latency';
  height?: number;
  /** The accessible name of the chart; a generic one by default. */
  label?: string;
}

const DEFAULT_HEIGHT = 320;

const loadTrendView = () => import('./trend-chart-view.js');

/**
 * Availability and response time over time. chart.js is loaded with the first chart shown, not
 * with the console; loading, empty and failed states are drawn without it.
 */
export function TrendChart({ points, range, isLoading, isError, onRetry, series = 'both', height = DEFAULT_HEIGHT, label }: TrendChartProps) {
  const { t } = useTranslation();
  const from = range?.from;
  const to = range?.to;
  const extent = useMemo(
    () => (points ? trendExtent(points, from !== undefined && to !== undefined ? { from, to } : undefined) : null),
    [points, from, to],
  );
  if (isError) return <ChartError height={height} onRetry={onRetry} />;
  if (isLoading || !points) return <ChartLoading height={height} />;
  if (!extent || !hasTrendData(points)) return <ChartEmpty height={height} />;
  const viewProps: TrendChartViewProps = {
    points,
    extent,
    height,
    label: label ?? t('charts:trend.label'),
    showAvailability: series !== 'latency',
    showLatency: series !== 'availability',
  };
  return <LazyView load={loadTrendView} height={height} viewProps={viewProps} />;
}
