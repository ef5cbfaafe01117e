import { MONITOR_TYPES } from '../../shared/codes.js';
import type { CheckResult } from '../../shared/probe/results.js';
import type { Db } from '../db/connection.js';
import { retentionOf, type ResultsContext } from './context.js';
import { ingestGates, type IngestGate } from './scope-repo.js';
import { LATE_AFTER_MS, markLateWrites } from './late-writes.js';
import { HOUR_MS, MINUTE_MS } from './range-pieces.js';
import { latestRows, rollupDeltas } from './rollup-accumulator.js';
import { resultRowOf, type ResultRow } from './result-row.js';
import { assignResultIds, claimBatch, findBatch, insertRawResults, upsertHourRollups, upsertLatest, upsertMinuteRollups } from './results-repo.js';

export interface IngestItem {
  taskId: number;
  /** The task version the agent ran (informative; results of any version are kept). */
  taskVersion?: number;
  /** Validated against the shared CheckResult schema by the caller (the agent route). */
  result: CheckResult;
}

export interface IngestAnswer {
  accepted: number;
  /**
   * Results of tasks that do not select this node, of another type, or with a time outside what the
   * store keeps (older than the retention, or more than 5 minutes ahead of the server's clock).
   */
  rejected: number;
  /** True when this batch id was already delivered: nothing was stored this time. */
  duplicate: boolean;
}

/** How far ahead of the server's clock an agent's clock may run. */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/** The times a result may carry, by its type: within retention, and not (much) in the future. */
interface TimeWindow {
  oldestRaw: number;
  oldestTrace: number;
  newest: number;
}

function timeWindowOf(ctx: ResultsContext, receivedAt: number): TimeWindow {
  const { rawMs, traceMs } = retentionOf(ctx);
  return { oldestRaw: receivedAt - rawMs, oldestTrace: receivedAt - traceMs, newest: receivedAt + MAX_CLOCK_AHEAD_MS };
}

function inWindow(window: TimeWindow, item: IngestItem, ts: number): boolean {
  const oldest = item.result.type === MONITOR_TYPES.TRACEROUTE ? window.oldestTrace : window.oldestRaw;
  return ts >= oldest && ts <= window.newest;
}

/** A node may report a task it runs, or ran until it was told to stop (results checked before). */
function accepts(gate: IngestGate | undefined, item: IngestItem, ts: number): boolean {
  if (!gate || Number.isNaN(ts) || gate.type !== item.result.type) return false;
  return gate.active === 1 || (gate.removed_at !== null && ts <= gate.removed_at);
}

function acceptedRows(nodeId: number, items: readonly IngestItem[], gates: Map<number, IngestGate>, window: TimeWindow): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const item of items) {
    const ts = Date.parse(item.result.startedAt);
    if (accepts(gates.get(item.taskId), item, ts) && inWindow(window, item, ts)) rows.push(resultRowOf(item.taskId, nodeId, ts, item.result));
  }
  return rows;
}

/** The customers of results that started longer ago than settled sums allow (late-writes.ts). */
function lateCustomers(rows: readonly ResultRow[], gates: Map<number, IngestGate>, receivedAt: number): number[] {
  const customers = new Set<number>();
  for (const row of rows) {
    const custId = row.ts < receivedAt - LATE_AFTER_MS ? gates.get(row.taskId)?.cust_id : undefined;
    if (custId !== undefined) customers.add(custId);
  }
  return [...customers];
}

/**
 * Stores one batch of a node's results: raw rows, minute and hour rollups, the latest state per
 * (task, node) and, for results that started long ago, their customers' late-write marks, all in one
 * transaction. Idempotent per (node, batch id): a repeated batch is
 * answered as before and stores nothing. `onNewBatch` writes what else belongs to a first delivery
 * in the same transaction.
 */
export async function ingestBatch(
  ctx: ResultsContext,
  nodeId: number,
  batchId: string,
  items: readonly IngestItem[],
  onNewBatch?: (trx: Db) => Promise<void>,
): Promise<IngestAnswer> {
  const receivedAt = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const earlier = await findBatch(trx, nodeId, batchId);
    if (earlier) return { accepted: earlier.accepted, rejected: earlier.rejected, duplicate: true };
    const gates = await ingestGates(trx, nodeId, [...new Set(items.map((item) => item.taskId))]);
    const rows = acceptedRows(nodeId, items, gates, timeWindowOf(ctx, receivedAt));
    const rejected = items.length - rows.length;
    if (!(await claimBatch(trx, { nodeId, batchId, receivedAt, accepted: rows.length, rejected }))) {
      // Another delivery of the batch claimed it first (possible on an engine with concurrent writers).
      const first = await findBatch(trx, nodeId, batchId);
      return { accepted: first?.accepted ?? 0, rejected: first?.rejected ?? 0, duplicate: true };
    }
    if (onNewBatch) await onNewBatch(trx);
    if (rows.length > 0) {
      await assignResultIds(trx, rows);
      await insertRawResults(trx, rows);
      await upsertMinuteRollups(trx, rollupDeltas(rows, MINUTE_MS));
      await upsertHourRollups(trx, rollupDeltas(rows, HOUR_MS));
      await upsertLatest(trx, latestRows(rows));
      // Last: on PostgreSQL the mark's row stays locked until the commit.
      await markLateWrites(trx, lateCustomers(rows, gates, receivedAt));
    }
    return { accepted: rows.length, rejected, duplicate: false };
  });
}
