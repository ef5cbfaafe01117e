import { describe, expect, it } from 'vitest';
import { trendPointsOf, trendRangeOf } from '../../../src/client/features/detail/trend-points.js';
import { DetailTrendAnswer, type TrendBucket } from '../../../src/shared/index.js';

const MINUTE = 60_000;
const START = Date.UTC(2026, 2, 15, 10, 0, 0);

const bucket = (minute: number, successes: number, count: number, avg: number | null): TrendBucket => ({
  bucketStart: START + minute * MINUTE,
  count,
  successes,
  availabilityPercent: count === 0 ? null : (successes / count) * 100,
  avgResponseMs: avg,
  minResponseMs: avg,
  maxResponseMs: avg,
});

const answer = DetailTrendAnswer.parse({
  from: new Date(START).toISOString(),
  to: new Date(START + 60 * MINUTE).toISOString(),
  per: 'minute',
  bucketMs: MINUTE,
  buckets: [bucket(0, 3, 3, 12.5), bucket(1, 1, 2, 40), bucket(5, 0, 3, null)],
  nodes: [],
});

describe('trend answer → chart points', () => {
  it('gives one point per bucket with its availability and average response time', () => {
    expect(trendPointsOf(answer)).toEqual([
      { at: START, availability: 100, latencyMs: 12.5 },
      { at: START + MINUTE, availability: 50, latencyMs: 40 },
      { at: START + 5 * MINUTE, availability: 0, latencyMs: null },
    ]);
  });

  it('invents nothing for buckets without results: they stay absent, a gap in the chart', () => {
    const points = trendPointsOf(answer);
    expect(points.map((point) => point.at)).not.toContain(START + 2 * MINUTE);
    expect(trendPointsOf({ buckets: [] })).toEqual([]);
  });

  it('spans the x axis over the whole range the server answered for', () => {
    expect(trendRangeOf(answer)).toEqual({ from: START, to: START + 60 * MINUTE });
    expect(trendRangeOf({ from: 'not a time', to: answer.to })).toBeUndefined();
  });
});
