import { describe, expect, it } from 'vitest';
import { hasTrendData, trendExtent, trendSeries, type TrendPoint } from '../../../src/client/charts/trend-series.js';

const HOUR = 3_600_000;
const point = (hour: number, availability: number | null, latencyMs: number | null = 10): TrendPoint => ({ at: hour * HOUR, availability, latencyMs });

describe('trend series', () => {
  it('puts the points in time order with availability and response time side by side', () => {
    const series = trendSeries([point(2, 90, 30), point(0, 100, 10), point(1, 95, 20)]);
    expect(series.availability).toEqual([{ x: 0, y: 100 }, { x: HOUR, y: 95 }, { x: 2 * HOUR, y: 90 }]);
    expect(series.latency.map((xy) => xy.y)).toEqual([10, 20, 30]);
  });

  it('keeps unmeasured points as gaps', () => {
    const series = trendSeries([point(0, 100), point(1, null, null), point(2, 99)]);
    expect(series.availability.map((xy) => xy.y)).toEqual([100, null, 99]);
    expect(series.latency.map((xy) => xy.y)).toEqual([10, null, 10]);
  });

  it('breaks the line where whole buckets are missing instead of bridging them', () => {
    const series = trendSeries([point(0, 100), point(1, 100), point(2, 100), point(7, 50), point(8, 50)]);
    expect(series.availability.map((xy) => xy.x / HOUR)).toEqual([0, 1, 2, 3, 7, 8]);
    expect(series.availability[3]?.y).toBeNull();
  });

  it('tells an all-empty trend from one with data', () => {
    expect(hasTrendData([])).toBe(false);
    expect(hasTrendData([point(0, null, null), point(1, null, null)])).toBe(false);
    expect(hasTrendData([point(0, null, 5)])).toBe(true);
  });

  it('spans the chosen range, else the points, else nothing', () => {
    expect(trendExtent([point(1, 100)], { from: 0, to: 10 * HOUR })).toEqual({ from: 0, to: 10 * HOUR });
    expect(trendExtent([point(3, 100), point(1, 100)])).toEqual({ from: HOUR, to: 3 * HOUR });
    expect(trendExtent([point(1, 100)])).toEqual({ from: HOUR - 30 * 60_000, to: HOUR + 30 * 60_000 });
    expect(trendExtent([])).toBeNull();
  });
});
