import type { DetailBreakdownAnswer, DetailSummaryAnswer, DetailTrendAnswer } from '../../../shared/calls/domain-detail-answers.js';
import type { DetailRangeBody, DetailTrendBody } from '../../../shared/calls/domain-detail.js';
import { resolveQueryRange, type QueryRange } from '../../../shared/calls/query-range.js';
import type { z } from 'zod';
import { isoTime } from '../../db/columns.js';
import { HOUR_MS, isoRangeOf, latestStatesOfTask, MINUTE_MS, rangeSums, totalOf, type Sums, type TimeRange } from '../../results/index.js';
import { AppError } from '../../http/app-error.js';
import { customerTask } from '../tasks/customer-task.js';
import type { StoreContext } from '../tasks/store-context.js';
import { breakdownOf } from './breakdown.js';
import { figuresOf, trendBucketOf } from './figures.js';
import { ipViewOf } from './ip-finding.js';
import { nodePlaces } from './places-repo.js';

/**
 * The task detail screen's figures: summary, trend and breakdown (with the maps), all through the
 * results module's range reader, and the latest state per node. Scope first: another customer's
 * task is 2127.
 */

/** [from, to) of a range body; 2121 when `to` is not after `from`. */
export function rangeOf(ctx: Pick<StoreContext, 'now'>, range: z.output<typeof QueryRange>): TimeRange {
  const resolved = resolveQueryRange(range, ctx.now());
  if (!(resolved.to > resolved.from)) throw new AppError(2121);
  return resolved;
}

type RangeInput = z.output<typeof DetailRangeBody>;

/** One task's sums per node over the range, and the part of the range they cover. */
async function nodeSumsOf(ctx: StoreContext, custId: number, taskId: number, range: TimeRange): Promise<{ covered: TimeRange; byNode: Map<number, Sums> }> {
  const sums = await rangeSums(ctx, { custId, taskIds: [taskId] }, range, { by: 'node' });
  return { covered: sums.covered, byNode: new Map(sums.groups.map((group) => [group.nodeId, group])) };
}

export async function detailSummary(ctx: StoreContext, custId: number, body: RangeInput): Promise<DetailSummaryAnswer> {
  const task = await customerTask(ctx.db, custId, body.id);
  const range = rangeOf(ctx, body.range);
  const { covered, byNode } = await nodeSumsOf(ctx, custId, task.id, range);
  const latest = await latestStatesOfTask(ctx.db, task.id);
  const total = totalOf([...byNode.values()]);
  const lastCheck = latest.reduce<number | null>((newest, row) => (newest === null || row.ts > newest ? row.ts : newest), null);
  return {
    taskId: task.id,
    type: task.type,
    from: isoTime(range.from),
    to: isoTime(range.to),
    covered: isoRangeOf(covered),
    ...figuresOf(total),
    minResponseMs: total.latencyMin,
    maxResponseMs: total.latencyMax,
    nodeCount: task.nodeIds.length,
    nodesWithData: [...byNode.values()].filter((sums) => sums.count > 0).length,
    lastCheckAt: lastCheck === null ? null : isoTime(lastCheck),
  };
}

/** Trend buckets hold only checks in the range (an edge bucket starts where the range does), so they add up to the summary. */
export async function detailTrend(ctx: StoreContext, custId: number, body: z.output<typeof DetailTrendBody>): Promise<DetailTrendAnswer> {
  const task = await customerTask(ctx.db, custId, body.id);
  const range = rangeOf(ctx, body.range);
  const scope = { custId, taskIds: [task.id] };
  const total = await rangeSums(ctx, scope, range, { by: 'time' });
  const bucketMs = total.bucketMs ?? MINUTE_MS;
  const asked = [...new Set(body.nodeIds ?? [])];
  const perNode = asked.length > 0 ? (await rangeSums(ctx, scope, range, { by: 'time', bucketMs: bucketMs === MINUTE_MS ? MINUTE_MS : HOUR_MS, nodeIds: asked })).groups : [];
  return {
    from: isoTime(range.from),
    to: isoTime(range.to),
    covered: isoRangeOf(total.covered),
    per: bucketMs === MINUTE_MS ? 'minute' : 'hour',
    bucketMs,
    buckets: total.groups.map(trendBucketOf),
    nodes: asked.map((nodeId) => ({ nodeId, buckets: perNode.filter((bucket) => bucket.nodeId === nodeId).map(trendBucketOf) })),
  };
}

export async function detailBreakdown(ctx: StoreContext, custId: number, body: RangeInput): Promise<DetailBreakdownAnswer> {
  const task = await customerTask(ctx.db, custId, body.id);
  const range = rangeOf(ctx, body.range);
  const { covered, byNode } = await nodeSumsOf(ctx, custId, task.id, range);
  const latest = await latestStatesOfTask(ctx.db, task.id);
  const nodeIds = [...new Set([...task.nodeIds, ...byNode.keys()])];
  const places = await nodePlaces(ctx.db, nodeIds);
  const ip = await ipViewOf(ctx, custId, task, range, places);
  return breakdownOf(range, covered, places, byNode, new Map(latest.map((row) => [row.node_id, row])), ip);
}
