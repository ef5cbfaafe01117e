import type { ChartData, ChartOptions, Scale, TooltipItem } from 'chart.js';
import type { NumberFormats } from './chart-locale.js';
import { formatTimeTick, timeTicks, type TimeFormats } from './time-axis.js';
import type { TimeRange, TrendSeries, XY } from './trend-series.js';

export const TREND_COLOURS = { availability: '#1f5fd1', latency: '#7c3aed' } as const;

/** Above this many points a line shows no dots: they would only hide the line. */
const DOTS_UP_TO = 60;
const MAX_TIME_TICKS = 8;

export interface TrendTexts {
  availability: string;
  latency: string;
  ms: (value: string) => string;
  /** A tooltip line, "Availability: 99%", in the language's punctuation. */
  tooltip: (series: 'availability' | 'latency', value: string) => string;
}

export interface TrendSetup {
  series: TrendSeries;
  extent: TimeRange;
  texts: TrendTexts;
  times: TimeFormats;
  numbers: NumberFormats;
  show: { availability: boolean; latency: boolean };
}

export function trendData({ series, texts, show }: TrendSetup): ChartData<'line', XY[]> {
  const line = (label: string, data: XY[], colour: string, yAxisID: string) => ({
    label,
    data,
    yAxisID,
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: 2,
    pointRadius: data.length > DOTS_UP_TO ? 0 : 2,
    pointHitRadius: 6,
    spanGaps: false,
  });
  return {
    datasets: [
      ...(show.availability ? [line(texts.availability, series.availability, TREND_COLOURS.availability, 'availability')] : []),
      ...(show.latency ? [line(texts.latency, series.latency, TREND_COLOURS.latency, 'latency')] : []),
    ],
  };
}

function timeScale(setup: TrendSetup) {
  let step = 0;
  return {
    type: 'linear' as const,
    min: setup.extent.from,
    max: setup.extent.to,
    afterBuildTicks: (axis: Scale) => {
      const ticks = timeTicks(axis.min, axis.max, MAX_TIME_TICKS);
      step = ticks.step;
      axis.ticks = ticks.values.map((value) => ({ value }));
    },
    ticks: { maxRotation: 0, autoSkip: true, callback: (value: number | string) => formatTimeTick(Number(value), step, setup.times) },
  };
}

function tooltipLabel(item: TooltipItem<'line'>, setup: TrendSetup): string {
  const value = item.parsed.y;
  if (value === null || value === undefined) return '';
  if (item.dataset.yAxisID === 'availability') return setup.texts.tooltip('availability', setup.numbers.percent(value));
  return setup.texts.tooltip('latency', setup.texts.ms(setup.numbers.number(value)));
}

export function trendOptions(setup: TrendSetup): ChartOptions<'line'> {
  const { numbers, texts, show, times } = setup;
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    normalized: true,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: timeScale(setup),
      availability: {
        type: 'linear',
        position: 'left',
        display: show.availability,
        min: 0,
        max: 100,
        title: { display: true, text: texts.availability },
        ticks: { callback: (value) => numbers.percent(Number(value)) },
      },
      latency: {
        type: 'linear',
        position: 'right',
        display: show.latency,
        beginAtZero: true,
        title: { display: true, text: texts.latency },
        grid: { drawOnChartArea: !show.availability },
        ticks: { callback: (value) => texts.ms(numbers.number(Number(value))) },
      },
    },
    plugins: {
      legend: { position: 'bottom' },
      tooltip: {
        filter: (item) => item.parsed.y !== null && item.parsed.y !== undefined,
        callbacks: {
          title: (items) => (items[0] ? times.full.format(new Date(items[0].parsed.x ?? 0)) : ''),
          label: (item) => tooltipLabel(item, setup),
        },
      },
    },
  };
}
