import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { numberFormats, useChartLocale } from './chart-locale.js';
import './register-trend.js';
import { timeFormats } from './time-axis.js';
import { trendData, trendOptions, type TrendSetup } from './trend-options.js';
import { trendSeries, type TimeRange, type TrendPoint } from './trend-series.js';

export interface TrendChartViewProps {
  points: readonly TrendPoint[];
  extent: TimeRange;
  height: number;
  label: string;
  showAvailability: boolean;
  showLatency: boolean;
}

/** The chart.js part of TrendChart, loaded on first use (see trend-chart.tsx). */
export default function TrendChartView({ points, extent, height, label, showAvailability, showLatency }: TrendChartViewProps) {
  const { t } = useTranslation();
  const locale = useChartLocale();
  const setup = useMemo<TrendSetup>(
    () => ({
      series: trendSeries(points),
      extent,
      show: { availability: showAvailability, latency: showLatency },
      times: timeFormats(locale),
      numbers: numberFormats(locale),
      texts: {
        availability: t('charts:trend.availability'),
        latency: t('charts:trend.latency'),
        ms: (value) => t('charts:value.ms', { value }),
        tooltip: (series, value) => t(series === 'availability' ? 'charts:tooltip.availability' : 'charts:tooltip.latency', { value }),
      },
    }),
    [points, extent, showAvailability, showLatency, locale, t],
  );
  const data = useMemo(() => trendData(setup), [setup]);
  const options = useMemo(() => trendOptions(setup), [setup]);
  return (
    <div style={{ height }} className="relative rounded-lg border border-slate-200 bg-white p-3">
      <Chart type="line" data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
