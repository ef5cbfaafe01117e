import type { Db } from '../db/connection.js';
import { hourSumsPerNode, hourTotals, minuteSumsPerNode, minuteTotals, type RollupSums } from './detail-read-repo.js';
import { bucketStarts, granularityOf, type Granularity, type TimeRange } from './read.js';
import { HOUR_MS, MINUTE_MS } from './rollup-accumulator.js';

/**
 * One task's figures over a range, read from rollups at the granularity read.ts gives the range
 * (minute buckets up to 48 h, hour buckets beyond), so totals always agree with the trend. Totals
 * over minute buckets read the whole hours among them from the hour rollups (each the sum of its
 * minutes, written by the same batch) and only the minutes at the edges from the minute rollups.
 */

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
export function addSums(into: Sums, more: Sums): Sums {
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

function totalsOf(db: Db, taskId: number, range: TimeRange, per: Granularity, nodeIds?: readonly number[]) {
  if (per === 'minute') return minuteTotals(db, taskId, bucketStarts(range, per), nodeIds);
  const { start, end } = coveredSpan(range, per);
  return hourTotals(db, taskId, start, end, nodeIds);
}

/** One task's buckets over the range, summed over all nodes, and per node for the nodes asked for. */
export async function trendOfTask(db: Db, taskId: number, range: TimeRange, nodeIds: readonly number[] = []): Promise<TrendSeries> {
  const per = granularityOf(range);
  const total = (await totalsOf(db, taskId, range, per)).map((row) => ({ bucketStart: row.bucket_start, ...sumsOfRow(row) }));
  const asked = [...new Set(nodeIds)];
  const perNode = new Map<number, BucketSums[]>(asked.map((nodeId) => [nodeId, []]));
  if (asked.length > 0) {
    for (const row of await totalsOf(db, taskId, range, per, asked)) {
      perNode.get(row.node_id)?.push({ bucketStart: row.bucket_start, ...sumsOfRow(row) });
    }
  }
  return {
    per,
    bucketMs: per === 'minute' ? MINUTE_MS : HOUR_MS,
    total,
    nodes: [...perNode].map(([nodeId, buckets]) => ({ nodeId, buckets })),
  };
}
