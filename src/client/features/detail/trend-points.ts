import type { DetailTrendAnswer } from '../../../shared/index.js';
import type { TimeRange, TrendPoint } from '../../charts/index.js';

/**
 * The trend answer as the chart draws it: one point per bucket with results (a bucket without any
 * is absent, so the chart breaks its lines there instead of drawing a zero).
 */
export function trendPointsOf(answer: Pick<DetailTrendAnswer, 'buckets'>): TrendPoint[] {
  return answer.buckets.map((bucket) => ({
    at: bucket.bucketStart,
    availability: bucket.availabilityPercent,
    latencyMs: bucket.avgResponseMs,
  }));
}

/** The range the answer covers, so the x axis spans all of it even where nothing was measured. */
export function trendRangeOf(answer: Pick<DetailTrendAnswer, 'from' | 'to'>): TimeRange | undefined {
  const from = Date.parse(answer.from);
  const to = Date.parse(answer.to);
  return Number.isFinite(from) && Number.isFinite(to) && to > from ? { from, to } : undefined;
}
