import { serviceStatusOf, type ServiceStatus } from '../../shared/codes.js';
import type { CheckResult } from '../../shared/probe/results.js';
import { AppError } from '../http/app-error.js';
import { customerTask } from '../modules/tasks/customer-task.js';
import { listTaskIds } from '../modules/tasks/repo.js';
import type { StoreContext } from '../modules/tasks/store-context.js';
import { percentileOf } from './histogram.js';
import { latestOfTask, sumsPerTask, taskHistogram, taskHourBuckets, taskMinuteBuckets } from './read-repo.js';
import type { RollupTableName } from './results-repo.js';
import { HOUR_MS, MINUTE_MS } from './rollup-accumulator.js';

/**
 * Dashboard reads. Every one reads rollups (or the latest state), never raw results. A task's
 * ranges use minute rollups up to 48 h and hour rollups beyond (the trend from the task-first copy
 * rollup_hour_by_task); the all-task availability reads minute rollups up to 3 h and whole hours
 * of the per-task sums (rollup_task_hour) beyond (the range widened to hour boundaries).
 */

export interface TimeRange {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

export type Granularity = 'minute' | 'hour';

const MINUTE_TREND_MAX_MS = 48 * HOUR_MS;
const MINUTE_AVAILABILITY_MAX_MS = 3 * HOUR_MS;

export interface TaskAvailability {
  taskId: number;
  count: number;
  successes: number;
  /** null when there is no result in the range. */
  availabilityPercent: number | null;
  avgLatencyMs: number | null;
  serviceStatus: ServiceStatus;
}

const percentOf = (successes: number, count: number) => (count > 0 ? (successes / count) * 100 : null);
const averageOf = (sum: number, count: number) => (count > 0 ? sum / count : null);

function tableOf(granularity: Granularity): RollupTableName {
  return granularity === 'minute' ? 'rollup_minute' : 'rollup_hour';
}

/** Bucket starts covering [from, to) at the granularity. */
export function bucketStarts(range: TimeRange, granularity: Granularity): number[] {
  const step = granularity === 'minute' ? MINUTE_MS : HOUR_MS;
  const starts: number[] = [];
  for (let start = Math.floor(range.from / step) * step; start < range.to; start += step) starts.push(start);
  return starts;
}

/** The granularity a task's range is read at: minute up to 48 h unless hour is asked for. */
export function granularityOf(range: TimeRange, asked?: Granularity): Granularity {
  if (range.to - range.from > MINUTE_TREND_MAX_MS) return 'hour';
  return asked ?? 'minute';
}

function assertRange(range: TimeRange): void {
  if (!(range.to > range.from)) throw new AppError(2121);
}

/** Availability and average latency of every live task of the customer over the range. */
export async function availability(ctx: StoreContext, custId: number, range: TimeRange): Promise<TaskAvailability[]> {
  assertRange(range);
  const byMinute = range.to - range.from <= MINUTE_AVAILABILITY_MAX_MS;
  const from = byMinute ? range.from : Math.floor(range.from / HOUR_MS) * HOUR_MS;
  const to = byMinute ? range.to : Math.ceil(range.to / HOUR_MS) * HOUR_MS;
  const [tasks, sums] = await Promise.all([
    listTaskIds(ctx.db, custId),
    sumsPerTask(ctx.db, byMinute ? 'rollup_task_minute' : 'rollup_task_hour', custId, from, to),
  ]);
  const sumsByTask = new Map(sums.map((row) => [row.task_id, row]));
  return tasks.map(({ id }) => {
    const row = sumsByTask.get(id);
    const count = Number(row?.count ?? 0);
    const successes = Number(row?.successes ?? 0);
    const availabilityPercent = percentOf(successes, count);
    return {
      taskId: id,
      count,
      successes,
      availabilityPercent,
      avgLatencyMs: averageOf(Number(row?.latency_sum ?? 0), Number(row?.latency_count ?? 0)),
      serviceStatus: serviceStatusOf(availabilityPercent),
    };
  });
}

export interface TrendPoint {
  bucketStart: number;
  count: number;
  successes: number;
  availabilityPercent: number | null;
  avgLatencyMs: number | null;
  minLatencyMs: number | null;
  maxLatencyMs: number | null;
}

export interface NodeTrend {
  nodeId: number;
  points: TrendPoint[];
}

function trendRows(ctx: StoreContext, taskId: number, range: TimeRange, per: Granularity) {
  if (per === 'minute') return taskMinuteBuckets(ctx.db, taskId, bucketStarts(range, per));
  // The buckets bucketStarts would list: from the hour holding range.from up to range.to.
  return taskHourBuckets(ctx.db, taskId, Math.floor(range.from / HOUR_MS) * HOUR_MS, range.to);
}

/** One task's per-node series over the range (buckets with no result are absent). */
export async function trend(
  ctx: StoreContext,
  custId: number,
  taskId: number,
  options: TimeRange & { per?: Granularity },
): Promise<{ per: Granularity; nodes: NodeTrend[] }> {
  assertRange(options);
  await customerTask(ctx.db, custId, taskId);
  const per = granularityOf(options, options.per);
  const rows = await trendRows(ctx, taskId, options, per);
  const nodes = new Map<number, TrendPoint[]>();
  for (const row of rows) {
    const points = nodes.get(row.node_id) ?? [];
    points.push({
      bucketStart: row.bucket_start,
      count: row.count,
      successes: row.successes,
      availabilityPercent: percentOf(row.successes, row.count),
      avgLatencyMs: averageOf(row.latency_sum, row.latency_count),
      minLatencyMs: row.latency_min,
      maxLatencyMs: row.latency_max,
    });
    nodes.set(row.node_id, points);
  }
  return { per, nodes: [...nodes].map(([nodeId, points]) => ({ nodeId, points })) };
}

/** The p-th latency percentile (successful checks) of a task over the range, from histograms. */
export async function percentile(
  ctx: StoreContext,
  custId: number,
  taskId: number,
  p: number,
  range: TimeRange & { nodeId?: number },
): Promise<number | null> {
  assertRange(range);
  await customerTask(ctx.db, custId, taskId);
  const per = granularityOf(range);
  const { bins, min, max } = await taskHistogram(ctx.db, tableOf(per), taskId, bucketStarts(range, per), range.nodeId);
  return percentileOf(bins, p, { min, max });
}

export interface LatestState {
  nodeId: number;
  ts: number;
  ok: boolean;
  latencyMs: number | null;
  statusCode: number | null;
  failureSource: string | null;
  failureCode: string | null;
  ipMatched: boolean | null;
  result: CheckResult | null;
}

// Stored results were validated when they arrived; they are returned as stored, so a result kept
// under an older version of the contract still reads.
function storedResult(details: string | null): CheckResult | null {
  return details === null ? null : (JSON.parse(details) as CheckResult);
}

/** The newest result of each node running the task. */
export async function latestByTask(ctx: StoreContext, custId: number, taskId: number): Promise<LatestState[]> {
  await customerTask(ctx.db, custId, taskId);
  const rows = await latestOfTask(ctx.db, taskId);
  return rows.map((row) => ({
    nodeId: row.node_id,
    ts: row.ts,
    ok: row.ok === 1,
    latencyMs: row.latency_ms,
    statusCode: row.status_code,
    failureSource: row.failure_source,
    failureCode: row.failure_code,
    ipMatched: row.ip_matched === null ? null : row.ip_matched === 1,
    result: storedResult(row.details),
  }));
}
