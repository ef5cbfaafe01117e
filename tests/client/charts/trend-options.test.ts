import type { Scale, TooltipItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { numberFormats } from '../../../src/client/charts/chart-locale.js';
import { timeFormats } from '../../../src/client/charts/time-axis.js';
import { trendData, trendOptions, type TrendSetup } from '../../../src/client/charts/trend-options.js';
import { trendSeries, type TrendPoint } from '../../../src/client/charts/trend-series.js';

const HOUR = 3_600_000;
const points = (count: number): TrendPoint[] =>
  Array.from({ length: count }, (_, index) => ({ at: index * HOUR, availability: 99.5, latencyMs: 1234.5 }));

const setup = (count = 3, show = { availability: true, latency: true }): TrendSetup => ({
  series: trendSeries(points(count)),
  extent: { from: 0, to: count * HOUR },
  show,
  times: timeFormats('en'),
  numbers: numberFormats('en'),
  texts: {
    availability: 'Availability',
    latency: 'Response time',
    ms: (value) => `${value} ms`,
    tooltip: (series, value) => `${series === 'availability' ? 'Availability' : 'Response time'}: ${value}`,
  },
});

describe('trend chart setup', () => {
  it('draws availability on the percent axis and response time on the ms axis', () => {
    const data = trendData(setup());
    expect(data.datasets.map((dataset) => [dataset.label, dataset.yAxisID])).toEqual([
      ['Availability', 'availability'],
      ['Response time', 'latency'],
    ]);
    const scales = trendOptions(setup()).scales as Record<string, { min?: number; max?: number; type?: string }>;
    expect(scales['availability']).toMatchObject({ min: 0, max: 100 });
    expect(scales['x']).toMatchObject({ type: 'linear', min: 0, max: 3 * HOUR });
  });

  it('draws one line alone when asked, and hides dots on long lines', () => {
    expect(trendData(setup(3, { availability: false, latency: true })).datasets.map((dataset) => dataset.label)).toEqual(['Response time']);
    expect(trendData(setup(3)).datasets[0]?.pointRadius).toBe(2);
    expect(trendData(setup(200)).datasets[0]?.pointRadius).toBe(0);
  });

  it('labels tooltips with formatted values and leaves out gaps', () => {
    const tooltip = trendOptions(setup()).plugins?.tooltip;
    const label = tooltip?.callbacks?.label as unknown as (item: Partial<TooltipItem<'line'>>) => string;
    const filter = tooltip?.filter as unknown as (item: Partial<TooltipItem<'line'>>) => boolean;
    const item = (yAxisID: string, y: number | null) => ({ parsed: { x: 0, y }, dataset: { yAxisID, data: [] } }) as unknown as TooltipItem<'line'>;
    expect(label(item('availability', 99.5))).toBe('Availability: 99.5%');
    expect(label(item('latency', 1234.5))).toBe('Response time: 1,234.5 ms');
    expect(filter(item('latency', null))).toBe(false);
  });

  it('puts x ticks on round times and labels them as times of day or dates', () => {
    const x = (trendOptions(setup(24)).scales as Record<string, unknown>)['x'] as {
      afterBuildTicks: (axis: Partial<Scale>) => void;
      ticks: { callback: (value: number) => string };
    };
    const axis: Partial<Scale> = { min: 0, max: 24 * HOUR, ticks: [] };
    x.afterBuildTicks(axis);
    expect(axis.ticks?.length).toBeGreaterThan(3);
    expect(axis.ticks?.every((tick) => new Date(tick.value).getMinutes() === 0)).toBe(true);
    expect(x.ticks.callback(axis.ticks?.[1]?.value ?? 0)).toMatch(/^(\d{2}:00|\d{1,2}\/\d{1,2})$/);
  });
});
