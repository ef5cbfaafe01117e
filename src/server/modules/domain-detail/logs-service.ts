import { z } from 'zod';
import type { DetailLatestAnswer, FailedLogsAnswer } from '../../../shared/calls/domain-detail-answers.js';
import type { FailedLogsBody, TraceHistoryBody, TraceSnapshotBody } from '../../../shared/calls/domain-detail.js';
import type { TraceHistoryAnswer, TraceSnapshot } from '../../../shared/calls/trace-answers.js';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import { Failure } from '../../../shared/probe/results.js';
import { isoTime, parseJsonColumn } from '../../db/columns.js';
import { failedResultsOfTask, latestOfTask, traceHistory, traceSnapshot } from '../../results/index.js';
import { AppError } from '../../http/app-error.js';
import { customerTask } from '../tasks/customer-task.js';
import type { StoreContext } from '../tasks/store-context.js';
import { httpStatusOf, latestCheckOf } from './latest-view.js';
import { nodePlaces } from './places-repo.js';
import { rangeOf } from './service.js';

/**
 * The detail screens' logs: failed checks, each node's newest check, and traceroute snapshots.
 * These read stored results, each read bounded by its count (and an index). Scope first: another
 * customer's task is 2127.
 */

const StoredFailure = z.object({ failure: z.object({ detail: Failure.shape.detail }).nullable().catch(null) });

const isHttp = (type: number) => type === MONITOR_TYPES.HTTP || type === MONITOR_TYPES.HTTPS;

export async function failedLogs(ctx: StoreContext, custId: number, body: z.output<typeof FailedLogsBody>): Promise<FailedLogsAnswer> {
  const task = await customerTask(ctx.db, custId, body.id);
  const range = body.range ? rangeOf(ctx, body.range) : undefined;
  const rows = await failedResultsOfTask(ctx.db, task.id, body.count, range);
  const places = new Map((await nodePlaces(ctx.db, [...new Set(rows.map((row) => row.node_id))])).map((place) => [place.id, place]));
  return {
    list: rows.map((row) => ({
      resultId: row.id,
      at: isoTime(row.ts),
      nodeId: row.node_id,
      nodeName: places.get(row.node_id)?.name ?? '',
      failureSource: row.failure_source,
      failureCode: row.failure_code,
      failureDetail: parseJsonColumn(StoredFailure, row.details)?.failure?.detail ?? null,
      statusCode: isHttp(task.type) ? httpStatusOf(row.status_code) : null,
    })),
  };
}

export async function latestChecks(ctx: StoreContext, custId: number, taskId: number): Promise<DetailLatestAnswer> {
  const task = await customerTask(ctx.db, custId, taskId);
  const rows = await latestOfTask(ctx.db, task.id);
  const places = new Map((await nodePlaces(ctx.db, rows.map((row) => row.node_id))).map((place) => [place.id, place]));
  const now = ctx.now();
  return { nodes: rows.map((row) => latestCheckOf(task.type, row, places.get(row.node_id), now)) };
}

export async function tracerouteHistory(ctx: StoreContext, custId: number, body: z.output<typeof TraceHistoryBody>): Promise<TraceHistoryAnswer> {
  // Without a range: every run retention kept (agents' clocks may run a little ahead of ours).
  const range = body.range ? rangeOf(ctx, body.range) : { from: 0, to: Number.MAX_SAFE_INTEGER };
  const list = await traceHistory(ctx, custId, body.id, { ...range, limit: body.limit, ...(body.nodeId === undefined ? {} : { nodeId: body.nodeId }) });
  return { list };
}

export async function tracerouteSnapshot(ctx: StoreContext, custId: number, body: z.output<typeof TraceSnapshotBody>): Promise<TraceSnapshot> {
  const task = await customerTask(ctx.db, custId, body.id);
  const snapshot = await traceSnapshot(ctx, custId, body.resultId);
  if (snapshot.taskId !== task.id) throw new AppError(2001);
  return snapshot;
}
