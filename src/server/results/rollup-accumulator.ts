import { binOf, HISTOGRAM_BINS } from './histogram.js';
import type { ResultRow } from './result-row.js';
import type { Sums } from './sums.js';


/** One rollup bucket's increments from a batch. */
export interface RollupDelta extends Sums {
  taskId: number;
  nodeId: number;
  bucketStart: number;
  bins: number[];
}

function emptyDelta(taskId: number, nodeId: number, bucketStart: number): RollupDelta {
  return {
    taskId,
    nodeId,
    bucketStart,
    count: 0,
    successes: 0,
    latencyCount: 0,
    latencySum: 0,
    latencyMin: null,
    latencyMax: null,
    bins: new Array<number>(HISTOGRAM_BINS).fill(0),
  };
}

function add(delta: RollupDelta, row: ResultRow): void {
  delta.count += 1;
  if (!row.ok) return;
  delta.successes += 1;
  const latency = row.latencyMs;
  // Latency figures describe successful checks only: a timeout's duration is not a latency.
  if (latency === null) return;
  delta.latencyCount += 1;
  delta.latencySum += latency;
  delta.latencyMin = delta.latencyMin === null ? latency : Math.min(delta.latencyMin, latency);
  delta.latencyMax = delta.latencyMax === null ? latency : Math.max(delta.latencyMax, latency);
  const bin = binOf(latency);
  delta.bins[bin] = (delta.bins[bin] ?? 0) + 1;
}

/** Sums a batch's rows per (task, node, bucket), so each bucket costs one upsert per batch. */
export function rollupDeltas(rows: readonly ResultRow[], bucketMs: number): RollupDelta[] {
  const deltas = new Map<string, RollupDelta>();
  for (const row of rows) {
    const bucketStart = Math.floor(row.ts / bucketMs) * bucketMs;
    const key = `${row.taskId}:${row.nodeId}:${bucketStart}`;
    let delta = deltas.get(key);
    if (!delta) {
      delta = emptyDelta(row.taskId, row.nodeId, bucketStart);
      deltas.set(key, delta);
    }
    add(delta, row);
  }
  return [...deltas.values()];
}

/** The newest row per (task, node) of a batch. */
export function latestRows(rows: readonly ResultRow[]): ResultRow[] {
  const latest = new Map<string, ResultRow>();
  for (const row of rows) {
    const key = `${row.taskId}:${row.nodeId}`;
    const seen = latest.get(key);
    if (!seen || row.ts >= seen.ts) latest.set(key, row);
  }
  return [...latest.values()];
}

/** One per-task bucket's increments (all nodes together), without latency extremes or histogram. */
export interface TaskRollupDelta {
  taskId: number;
  bucketStart: number;
  count: number;
  successes: number;
  latencyCount: number;
  latencySum: number;
}

/** Sums a batch's (task, node, bucket) deltas per (task, bucket); per-task deltas too (a finer bucket moved to its coarser one). */
export function taskRollupDeltas(deltas: readonly TaskRollupDelta[]): TaskRollupDelta[] {
  const sums = new Map<string, TaskRollupDelta>();
  for (const delta of deltas) {
    const key = `${delta.taskId}:${delta.bucketStart}`;
    const sum = sums.get(key);
    if (!sum) {
      const { taskId, bucketStart, count, successes, latencyCount, latencySum } = delta;
      sums.set(key, { taskId, bucketStart, count, successes, latencyCount, latencySum });
      continue;
    }
    sum.count += delta.count;
    sum.successes += delta.successes;
    sum.latencyCount += delta.latencyCount;
    sum.latencySum += delta.latencySum;
  }
  return [...sums.values()];
}
