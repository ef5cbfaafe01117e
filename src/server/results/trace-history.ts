import { z } from 'zod';
import { Failure, TracerouteDetails } from '../../shared/probe/results.js';
import { isoTime, parseJsonColumn } from '../db/columns.js';
import { AppError } from '../http/app-error.js';
import type { ResultsContext } from './context.js';
import { customerTaskOf } from './scope-repo.js';
import { customerTraceRun, traceRuns } from './trace-repo.js';

/**
 * Route history: every traceroute run is kept as a snapshot (for `VIGIL_TRACE_RETENTION_DAYS`) and
 * read back per task, optionally per node, newest first.
 */

export const TRACE_HISTORY_LIMIT_MAX = 500;

type TraceHop = z.infer<typeof TracerouteDetails>['hops'][number];

export interface TraceSnapshot {
  resultId: number;
  taskId: number;
  nodeId: number;
  /** ISO time the run started. */
  time: string;
  ok: boolean;
  /** Whether the last hop was the target. */
  reached: boolean;
  /** The address the target resolved to; null when it did not resolve. */
  ip: string | null;
  hops: TraceHop[];
  failure: z.infer<typeof Failure> | null;
}

export interface TraceHistoryOptions {
  nodeId?: number;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  /** At most this many snapshots (1-500). */
  limit: number;
}

// Only what a snapshot shows is read, so a run stored under an older contract still reads.
const StoredTraceRun = z.object({ failure: Failure.nullable().catch(null), details: TracerouteDetails.nullable().catch(null) });

interface TraceRunRow {
  id: number;
  node_id: number;
  ts: number;
  ok: number;
  details: string;
}

function snapshotOf(taskId: number, row: TraceRunRow): TraceSnapshot {
  const stored = parseJsonColumn(StoredTraceRun, row.details);
  return {
    resultId: row.id,
    taskId,
    nodeId: row.node_id,
    time: isoTime(row.ts),
    ok: row.ok === 1,
    reached: stored?.details?.reached ?? false,
    ip: stored?.details?.ip ?? null,
    hops: stored?.details?.hops ?? [],
    failure: stored?.failure ?? null,
  };
}

/** The customer's traceroute task's snapshots in the range, newest first; 2127 for anyone else's task. */
export async function traceHistory(ctx: ResultsContext, custId: number, taskId: number, options: TraceHistoryOptions): Promise<TraceSnapshot[]> {
  if (!(options.to > options.from)) throw new AppError(2121);
  await customerTaskOf(ctx.db, custId, taskId);
  const limit = Math.min(Math.max(1, Math.floor(options.limit)), TRACE_HISTORY_LIMIT_MAX);
  const rows = await traceRuns(ctx.db, { taskId, nodeId: options.nodeId, from: options.from, to: options.to, limit });
  return rows.map((row) => snapshotOf(taskId, row));
}

/** One snapshot by its result id; 2001 when it is not a traceroute run of the customer's live task. */
export async function traceSnapshot(ctx: ResultsContext, custId: number, resultId: number): Promise<TraceSnapshot> {
  const row = await customerTraceRun(ctx.db, custId, resultId);
  if (!row) throw new AppError(2001);
  return snapshotOf(row.task_id, row);
}
