// Fills a store with many results fast, through the ingest path's own functions: result rows
// (resultRowOf), rollup deltas and latest rows (the rollup accumulator) written by the ingest
// repo's statements (raw insert, minute and hour rollup upserts, latest upsert), one transaction
// per simulated hour of every series. The rows and rollups are those ingestBatch would write; what
// is skipped is per-batch work the dashboards never read (the batch-id record and the per-node
// assignment gate lookups), the hour buckets are written once instead of updated per batch, and
// minute rollups older than their retention are left out as pruning would have removed them.
import type { Db } from '../../../src/server/db/connection.js';
import { HOUR_MS, MINUTE_MS } from '../../../src/server/results/range-pieces.js';
import { latestRows, rollupDeltas } from '../../../src/server/results/rollup-accumulator.js';
import { resultRowOf, type ResultRow } from '../../../src/server/results/result-row.js';
import {
  assignResultIds,
  insertRawResults,
  upsertHourRollups,
  upsertLatest,
  upsertMinuteRollups,
} from '../../../src/server/results/results-repo.js';
import { progress } from '../report.js';
import { resultOf, seededRandom } from './results.js';
import type { MixedTaskType } from './store.js';

export interface FillPlan {
  tasks: readonly { id: number; type: number }[];
  nodeIds: readonly number[];
  /** Results per (task, node) series. */
  perSeries: number;
  frequencyMinutes: number;
  /** The newest result is just before this (epoch ms, a whole minute). */
  end: number;
  /** Minute rollups older than this are not written: retention would have pruned them. */
  minuteRollupsSince: number;
}

async function writeRows(db: Db, rows: ResultRow[], minuteRollupsSince: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await assignResultIds(trx, rows);
    await insertRawResults(trx, rows);
    const minuteDeltas = rollupDeltas(rows, MINUTE_MS).filter((delta) => delta.bucketStart >= minuteRollupsSince);
    await upsertMinuteRollups(trx, minuteDeltas);
    await upsertHourRollups(trx, rollupDeltas(rows, HOUR_MS));
    await upsertLatest(trx, latestRows(rows));
  });
}

/** Writes perSeries results of every (task, node), each series on its own phase of the period. */
export async function fillResults(db: Db, plan: FillPlan): Promise<number> {
  const periodMs = plan.frequencyMinutes * MINUTE_MS;
  const series = plan.tasks.length * plan.nodeIds.length;
  const spacing = periodMs / series;
  const first = plan.end - plan.perSeries * periodMs;
  const ticksPerChunk = Math.max(1, Math.floor(HOUR_MS / periodMs));
  const total = series * plan.perSeries;
  const random = seededRandom(11);
  const started = Date.now();
  let written = 0;
  let nextReport = total / 10;
  for (let tick = 0; tick < plan.perSeries; tick += ticksPerChunk) {
    const rows: ResultRow[] = [];
    for (let step = tick; step < Math.min(plan.perSeries, tick + ticksPerChunk); step += 1) {
      let index = 0;
      for (const task of plan.tasks) {
        for (const nodeId of plan.nodeIds) {
          const ts = Math.floor(first + step * periodMs + index * spacing);
          rows.push(resultRowOf(task.id, nodeId, ts, resultOf(task.type as MixedTaskType, ts, random)));
          index += 1;
        }
      }
    }
    await writeRows(db, rows, plan.minuteRollupsSince);
    written += rows.length;
    if (written >= nextReport || written === total) {
      const rate = written / Math.max(0.001, (Date.now() - started) / 1000);
      progress(`store: ${written.toLocaleString('en')} of ${total.toLocaleString('en')} results written (${Math.round(rate)}/s)`);
      nextReport += total / 10;
    }
  }
  return written;
}
