import type { Db } from '../db/connection.js';
import { hourSumsPerNode, hourTotals, minuteSumsPerNode, minuteTotals, type RollupSums } from './detail-read-repo.js';
import { bucketStarts, granularityOf, type Granularity, type TimeRange } from './read.js';
import { HOUR_MS, MINUTE_MS } from './rollup-accumulator.js';

/**
 * One task's figures over a range, read from rollups. Totals cover the range widened to whole
 * minutes up to 48 h (to whole hours beyond): the whole hours among those minutes come from the
 * hour rollups (each the sum of its minutes, written by the same batch) and only the minutes at the
 * edges from the minute rollups. The trend cuts the same span into minute buckets up to 12 h and
 * hour buckets beyond, an edge hour holding only its minutes inside the span, so its buckets always
 * add up to the totals.
 */

/**
 * Each minute bucket is one seek in the time-first rollup_minute: on 1,000 tasks × 10 nodes a
 * 12 h trend costs ~11 ms, a day ~17 ms, 2 days ~35 ms (CPU, detail page). Beyond 12 h hours are
 * read, and a chart of more than 720 points has more points than pixels anyway.
 */
const MINUTE_TREND_MAX_MS = 12 * HOUR_MS;

export interface Sums {
  count: number;
  successes: number;
  latencyCount: number;
  latencySum: number;
  latencyMin: number | null;
  latencyMax: number | null;
}

export const emptySums = (): Sums => ({ count: 0, successes: 0, latencyCount: 0, latencySum: 0, latencyMin: null, latencyMax: null });

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const higher = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Adds `more` into `into`. */
export function addSums<T extends Sums>(into: T, more: Sums): T {
  into.count += more.count;
  into.successes += more.successes;
  into.latencyCount += more.latencyCount;
  into.latencySum += more.latencySum;
  into.latencyMin = lower(into.latencyMin, more.latencyMin);
  into.latencyMax = higher(into.latencyMax, more.latencyMax);
  return into;
}

export function sumsOfRow(row: RollupSums): Sums {
  return {
    count: Number(row.count),
    successes: Number(row.successes),
    latencyCount: Number(row.latency_count),
    latencySum: Number(row.latency_sum),
    latencyMin: row.latency_min,
    latencyMax: row.latency_max,
  };
}

/** The bucket starts a range covers at its granularity, as [first, end) in epoch ms. */
export function coveredSpan(range: TimeRange, per: Granularity): { start: number; end: number } {
  const step = per === 'minute' ? MINUTE_MS : HOUR_MS;
  return { start: Math.floor(range.from / step) * step, end: Math.ceil(range.to / step) * step };
}

/** Minute buckets of [start, end) split into the whole hours inside and the minutes around them. */
function splitMinutes(start: number, end: number): { hours: { from: number; to: number }; minutes: number[] } {
  const hourFrom = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const hourTo = Math.floor(end / HOUR_MS) * HOUR_MS;
  if (!(hourTo > hourFrom)) return { hours: { from: 0, to: 0 }, minutes: bucketStarts({ from: start, to: end }, 'minute') };
  const minutes = [...bucketStarts({ from: start, to: hourFrom }, 'minute'), ...bucketStarts({ from: hourTo, to: end }, 'minute')];
  return { hours: { from: hourFrom, to: hourTo }, minutes };
}

async function nodeSumRows(db: Db, taskId: number, range: TimeRange) {
  const per = granularityOf(range);
  const { start, end } = coveredSpan(range, per);
  if (per === 'hour') return hourSumsPerNode(db, taskId, start, end);
  const { hours, minutes } = splitMinutes(start, end);
  return [...(await hourSumsPerNode(db, taskId, hours.from, hours.to)), ...(await minuteSumsPerNode(db, taskId, minutes))];
}

/** Sums per node of one task over the range. */
export async function nodeSumsOfTask(db: Db, taskId: number, range: TimeRange): Promise<Map<number, Sums>> {
  const byNode = new Map<number, Sums>();
  for (const row of await nodeSumRows(db, taskId, range)) {
    byNode.set(row.node_id, addSums(byNode.get(row.node_id) ?? emptySums(), sumsOfRow(row)));
  }
  return byNode;
}

export interface BucketSums extends Sums {
  /** Where the bucket starts, or where the span starts when that is later (an edge hour). */
  bucketStart: number;
}

export interface TrendSeries {
  per: Granularity;
  bucketMs: number;
  /** Over all nodes; buckets without results are absent. */
  total: BucketSums[];
  /** Per node asked for, in the order asked. */
  nodes: { nodeId: number; buckets: BucketSums[] }[];
}

/** The bucket size of a range's trend: minutes up to 12 h, hours beyond. */
export function trendGranularityOf(range: TimeRange): Granularity {
  return range.to - range.from > MINUTE_TREND_MAX_MS ? 'hour' : 'minute';
}

type BucketRow = RollupSums & { bucket_start: number; node_id: number };

/** Rollup rows covering the totals' span: minute buckets, or whole hours and the edge minutes. */
async function trendRows(db: Db, taskId: number, span: { start: number; end: number }, per: Granularity, nodeIds?: readonly number[]): Promise<BucketRow[]> {
  if (per === 'minute') return minuteTotals(db, taskId, bucketStarts({ from: span.start, to: span.end }, 'minute'), nodeIds);
  const { hours, minutes } = splitMinutes(span.start, span.end);
  return [...(await hourTotals(db, taskId, hours.from, hours.to, nodeIds)), ...(await minuteTotals(db, taskId, minutes, nodeIds))];
}

/** The rows summed per node into buckets of `bucketMs` (clipped to the span's start), oldest first. */
function bucketsPerNode(rows: readonly BucketRow[], bucketMs: number, spanStart: number): Map<number, BucketSums[]> {
  const byNode = new Map<number, Map<number, BucketSums>>();
  for (const row of rows) {
    const bucketStart = Math.max(Math.floor(row.bucket_start / bucketMs) * bucketMs, spanStart);
    const buckets = byNode.get(row.node_id) ?? new Map<number, BucketSums>();
    const bucket = buckets.get(bucketStart) ?? { bucketStart, ...emptySums() };
    buckets.set(bucketStart, addSums(bucket, sumsOfRow(row)));
    byNode.set(row.node_id, buckets);
  }
  const sorted = new Map<number, BucketSums[]>();
  for (const [nodeId, buckets] of byNode) sorted.set(nodeId, [...buckets.values()].sort((a, b) => a.bucketStart - b.bucketStart));
  return sorted;
}

/** One task's buckets over the range, summed over all nodes, and per node for the nodes asked for. */
export async function trendOfTask(db: Db, taskId: number, range: TimeRange, nodeIds: readonly number[] = []): Promise<TrendSeries> {
  const per = trendGranularityOf(range);
  const bucketMs = per === 'minute' ? MINUTE_MS : HOUR_MS;
  const span = coveredSpan(range, granularityOf(range));
  // Without node ids the rows are summed over all nodes and carry node id 0.
  const total = bucketsPerNode(await trendRows(db, taskId, span, per), bucketMs, span.start).get(0) ?? [];
  const asked = [...new Set(nodeIds)];
  const perNode = asked.length > 0 ? bucketsPerNode(await trendRows(db, taskId, span, per, asked), bucketMs, span.start) : new Map<number, BucketSums[]>();
  return {
    per,
    bucketMs,
    total,
    nodes: asked.map((nodeId) => ({ nodeId, buckets: perNode.get(nodeId) ?? [] })),
  };
}
