import type { DetailBreakdownAnswer, DetailSummaryAnswer, DetailTrendAnswer } from '../../../shared/calls/domain-detail-answers.js';
import type { DetailRangeBody, DetailTrendBody } from '../../../shared/calls/domain-detail.js';
import { resolveQueryRange, type QueryRange } from '../../../shared/calls/query-range.js';
import type { z } from 'zod';
import { isoTime } from '../../db/columns.js';
import { addSums, emptySums, nodeSumsOfTask, trendOfTask } from '../../ingest/detail-read.js';
import { latestStatesOfTask } from '../../ingest/detail-read-repo.js';
import type { TimeRange } from '../../ingest/read.js';
import { AppError } from '../../http/app-error.js';
import { customerTask } from '../tasks/customer-task.js';
import type { StoreContext } from '../tasks/store-context.js';
import { breakdownOf } from './breakdown.js';
import { figuresOf, trendBucketOf } from './figures.js';
import { nodePlaces } from './places-repo.js';

/**
 * The task detail screen's figures: summary, trend and breakdown (with the maps), all from
 * rollups and the latest state per node. Scope first: another customer's task is 2127.
 */

/** [from, to) of a range body; 2121 when `to` is not after `from`. */
export function rangeOf(ctx: Pick<StoreContext, 'now'>, range: z.output<typeof QueryRange>): TimeRange {
  const resolved = resolveQueryRange(range, ctx.now());
  if (!(resolved.to > resolved.from)) throw new AppError(2121);
  return resolved;
}

type RangeInput = z.output<typeof DetailRangeBody>;

export async function detailSummary(ctx: StoreContext, custId: number, body: RangeInput): Promise<DetailSummaryAnswer> {
  const task = await customerTask(ctx.db, custId, body.id);
  const range = rangeOf(ctx, body.range);
  const byNode = await nodeSumsOfTask(ctx.db, task.id, range);
  const latest = await latestStatesOfTask(ctx.db, task.id);
  const total = [...byNode.values()].reduce(addSums, emptySums());
  const lastCheck = latest.reduce<number | null>((newest, row) => (newest === null || row.ts > newest ? row.ts : newest), null);
  return {
    taskId: task.id,
    type: task.type,
    from: isoTime(range.from),
    to: isoTime(range.to),
    ...figuresOf(total),
    minResponseMs: total.latencyMin,
    maxResponseMs: total.latencyMax,
    nodeCount: task.nodeIds.length,
    nodesWithData: [...byNode.values()].filter((sums) => sums.count > 0).length,
    lastCheckAt: lastCheck === null ? null : isoTime(lastCheck),
  };
}

export async function detailTrend(ctx: StoreContext, custId: number, body: z.output<typeof DetailTrendBody>): Promise<DetailTrendAnswer> {
  const task = await customerTask(ctx.db, custId, body.id);
  const range = rangeOf(ctx, body.range);
  const series = await trendOfTask(ctx.db, task.id, range, body.nodeIds);
  return {
    from: isoTime(range.from),
    to: isoTime(range.to),
    per: series.per,
    bucketMs: series.bucketMs,
    buckets: series.total.map(trendBucketOf),
    nodes: series.nodes.map((node) => ({ nodeId: node.nodeId, buckets: node.buckets.map(trendBucketOf) })),
  };
}

export async function detailBreakdown(ctx: StoreContext, custId: number, body: RangeInput): Promise<DetailBreakdownAnswer> {
  const task = await customerTask(ctx.db, custId, body.id);
  const range = rangeOf(ctx, body.range);
  const byNode = await nodeSumsOfTask(ctx.db, task.id, range);
  const latest = await latestStatesOfTask(ctx.db, task.id);
  const nodeIds = [...new Set([...task.nodeIds, ...byNode.keys()])];
  const places = await nodePlaces(ctx.db, nodeIds);
  return breakdownOf(range, places, byNode, new Map(latest.map((row) => [row.node_id, row])));
}
