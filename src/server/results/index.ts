/**
 * Check results, end to end: ingest of agents' batches (raw rows, rollups, latest state), the one
 * range reader every figure comes from, the latest checks, failed checks, traceroute history and
 * retention of results and rollups. Nothing outside this folder imports anything but this file.
 */
export type { ResultsContext } from './context.js';
export { ingestBatch, MAX_CLOCK_AHEAD_MS, type IngestAnswer, type IngestItem } from './ingest.js';
export { HISTOGRAM_BINS, HISTOGRAM_COLUMNS, type HistogramColumn } from './histogram.js';
export { rangeSums, totalOf, type GroupBy, type GroupSums, type RangeSums } from './range-sums.js';
export { DAY_MS, HOUR_MS, MINUTE_MS, type TimeRange } from './range-pieces.js';
export type { ResultsScope } from './range-repo.js';
export { addSums, availabilityOf, averageLatencyOf, emptySums, type Sums } from './sums.js';
export { lastCheckTimes, latestByTask, latestOfTask, latestStatesOfTask, newestChecksOfType, newestRunsOf, type LatestState } from './latest.js';
export { failedResultsOfTask, failedResultsQuery } from './failed-repo.js';
export { traceHistory, traceSnapshot, TRACE_HISTORY_LIMIT_MAX, type TraceHistoryOptions, type TraceSnapshot } from './trace-history.js';
export { DEFAULT_RETENTION_DAYS, pruneResults, type PruneCounts, type RetentionDays } from './retention.js';
export { isoRangeOf } from './iso-range.js';
export { roundChecks, type NodeRoundChecks, type RoundCertificate } from './round-checks.js';
export { latestAnswersOfTask, type NodeLatestAnswer } from './latest-answers.js';
