import type { RangeFigures, TrendBucket } from '../../../shared/calls/domain-detail-answers.js';
import { serviceStatusOf } from '../../../shared/codes.js';
import type { BucketSums, Sums } from '../../ingest/detail-read.js';

/** Successful checks over all checks in percent; null without checks. */
export const availabilityOf = (sums: Sums): number | null => (sums.count > 0 ? (sums.successes / sums.count) * 100 : null);

/** Average response of the successful checks that measured one; null without any. */
export const averageOf = (sums: Sums): number | null => (sums.latencyCount > 0 ? sums.latencySum / sums.latencyCount : null);

/** The figures and §3 band a range's sums give. */
export function figuresOf(sums: Sums): RangeFigures {
  const availabilityPercent = availabilityOf(sums);
  return {
    count: sums.count,
    successes: sums.successes,
    availabilityPercent,
    avgResponseMs: averageOf(sums),
    serviceStatus: serviceStatusOf(availabilityPercent),
  };
}

export function trendBucketOf(bucket: BucketSums): TrendBucket {
  return {
    bucketStart: bucket.bucketStart,
    count: bucket.count,
    successes: bucket.successes,
    availabilityPercent: availabilityOf(bucket),
    avgResponseMs: averageOf(bucket),
    minResponseMs: bucket.latencyMin,
    maxResponseMs: bucket.latencyMax,
  };
}
