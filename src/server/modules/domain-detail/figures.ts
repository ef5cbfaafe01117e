import type { RangeFigures, TrendBucket } from '../../../shared/calls/domain-detail-answers.js';
import { serviceStatusOf } from '../../../shared/codes.js';
import { availabilityOf, averageLatencyOf as averageOf, type GroupSums, type Sums } from '../../results/index.js';

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

export function trendBucketOf(bucket: GroupSums): TrendBucket {
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
