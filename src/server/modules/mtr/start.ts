import { ON_DEMAND_JOBS_PER_CUSTOMER_MAX, ON_DEMAND_JOBS_PER_NODE_MAX } from '../../../shared/calls/agent-work.js';
import { ToolCapabilities } from '../../../shared/calls/agent.js';
import type { MtrStart } from '../../../shared/calls/domain-mtr.js';
import { MtrOptions } from '../../../shared/probe/options.js';
import { isLocalOnlyHost } from '../../../shared/validation/target-address.js';
import type { ServerContext } from '../../context.js';
import { parseJsonColumn } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import type { MtrRunNodeState } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { newToken } from '../../security/tokens.js';
import { countOutstandingJobs, insertJob } from '../agents/jobs-repo.js';
import { JOB_TAKE_TIMEOUT_MS } from '../agents/jobs-service.js';
import { statusOfRow } from '../nodes/node-view.js';
import { insertRun, type NewRunNode } from './runs-repo.js';

/**
 * Starting an MTR run: each chosen node either gets an agent job (queued), or at once the state
 * that says why it cannot run it (private_refused, offline, no_tool). All or nothing: an unknown
 * node (2304) or a node or customer with too many outstanding on-demand jobs (2555) writes nothing.
 */

/** mtr sends one round a second; the job may take the rounds plus time to start and finish. */
const MTR_ROUND_MS = 1_000;
const MTR_OVERHEAD_MS = 20_000;
const MTR_TIMEOUT_MAX_MS = 120_000;

export function mtrTimeoutMs(count: number): number {
  return Math.min(MTR_TIMEOUT_MAX_MS, count * MTR_ROUND_MS + MTR_OVERHEAD_MS);
}

function chosenNodes(db: Db, nodeIds: readonly number[]) {
  return db
    .selectFrom('nodes')
    .select(['id', 'allow_private_targets', 'capabilities', 'last_seen_at', 'self_check_window'])
    .where('id', 'in', nodeIds)
    .execute();
}
type ChosenNode = Awaited<ReturnType<typeof chosenNodes>>[number];

function initialState(ctx: ServerContext, node: ChosenNode, target: string): MtrRunNodeState {
  if (node.allow_private_targets === 0 && isLocalOnlyHost(target)) return 'private_refused';
  const status = statusOfRow(ctx, node);
  if (status === 'none' || status === 'unusable') return 'offline';
  if (parseJsonColumn(ToolCapabilities, node.capabilities)?.mtr === false) return 'no_tool';
  return 'queued';
}

async function assertRoomForJobs(db: Db, custId: number, nodeIds: readonly number[], now: number): Promise<void> {
  if ((await countOutstandingJobs(db, { custId }, now)) + nodeIds.length > ON_DEMAND_JOBS_PER_CUSTOMER_MAX) throw new AppError(2555);
  for (const nodeId of nodeIds) {
    if ((await countOutstandingJobs(db, { nodeId }, now)) >= ON_DEMAND_JOBS_PER_NODE_MAX) throw new AppError(2555);
  }
}

export async function startMtrRun(ctx: ServerContext, custId: number, body: MtrStart): Promise<{ id: number }> {
  const found = new Map((await chosenNodes(ctx.db, body.nodeIds)).map((node) => [node.id, node]));
  const target = body.target.trim();
  const now = ctx.now();
  const plans: NewRunNode[] = body.nodeIds.map((nodeId, position) => {
    const node = found.get(nodeId);
    if (!node) throw new AppError(2304);
    const state = initialState(ctx, node, target);
    return { nodeId, position, state, jobId: state === 'queued' ? newToken() : null };
  });
  const queued = plans.filter((plan) => plan.jobId !== null);
  const options = JSON.stringify(MtrOptions.parse({ type: 'mtr', host: target, count: body.count, timeoutMs: mtrTimeoutMs(body.count) }));
  const id = await ctx.db.transaction().execute(async (trx) => {
    await assertRoomForJobs(trx, custId, queued.map((plan) => plan.nodeId), now);
    for (const plan of queued) {
      await insertJob(trx, { id: plan.jobId ?? '', custId, nodeId: plan.nodeId, options, createdAt: now, expiresAt: now + JOB_TAKE_TIMEOUT_MS });
    }
    return insertRun(trx, { custId, target, count: body.count, createdAt: now }, plans);
  });
  for (const plan of queued) ctx.jobSignals.notify(plan.nodeId);
  return { id };
}
