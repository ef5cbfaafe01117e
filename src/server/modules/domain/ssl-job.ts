import { ON_DEMAND_JOBS_PER_CUSTOMER_MAX, ON_DEMAND_JOBS_PER_NODE_MAX } from '../../../shared/calls/agent-work.js';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import { SslOptions } from '../../../shared/probe/options.js';
import { CheckResult, type CheckResultOf } from '../../../shared/probe/results.js';
import type { ServerContext } from '../../context.js';
import { parseJsonColumn } from '../../db/columns.js';
import { AppError } from '../../http/app-error.js';
import { newToken } from '../../security/tokens.js';
import { countOutstandingJobs, findJob, insertJob } from '../agents/jobs-repo.js';
import { JOB_TAKE_TIMEOUT_MS } from '../agents/jobs-service.js';

/**
 * An on-demand certificate check through the agent job path: queued for one node's agent (the
 * same caps as MTR jobs: 2555 when the node or the customer has too many outstanding), handed out
 * by the agent's long poll, answered by the agent, and awaited here. The agents' job table is
 * read every POLL_MS while waiting; a check no agent took in time is withdrawn (2554), one taken
 * but not answered in time is 504.
 */

const POLL_MS = 100;

export type SslResult = CheckResultOf<typeof MONITOR_TYPES.SSL>;

/** What to check: host and port; the SSL chain checker adds an SNI name and asks for the raw chain. */
export interface SslJobTarget {
  host: string;
  port: number;
  servername?: string | undefined;
  rawChain?: boolean;
}

async function queueSslJob(ctx: ServerContext, custId: number, nodeId: number, target: SslJobTarget): Promise<string> {
  const options = SslOptions.parse({ type: MONITOR_TYPES.SSL, ...target });
  const now = ctx.now();
  const jobId = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    if ((await countOutstandingJobs(trx, { nodeId }, now)) >= ON_DEMAND_JOBS_PER_NODE_MAX) throw new AppError(2555);
    if ((await countOutstandingJobs(trx, { custId }, now)) >= ON_DEMAND_JOBS_PER_CUSTOMER_MAX) throw new AppError(2555);
    await insertJob(trx, { id: jobId, custId, nodeId, options: JSON.stringify(options), createdAt: now, expiresAt: now + JOB_TAKE_TIMEOUT_MS });
  });
  ctx.jobSignals.notify(nodeId);
  return jobId;
}

/** Withdraws a job no agent took, so it neither runs late nor holds a place under the caps. */
async function withdrawIfQueued(ctx: ServerContext, jobId: string): Promise<boolean> {
  const updated = await ctx.db
    .updateTable('agent_jobs')
    .set({ state: 'expired' })
    .where('id', '=', jobId)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function awaitResult(ctx: ServerContext, jobId: string, waitMs: number): Promise<SslResult> {
  const giveUpAt = Date.now() + waitMs;
  while (Date.now() < giveUpAt && !ctx.jobSignals.isClosed) {
    const row = await findJob(ctx.db, jobId);
    if (row?.state === 'done') {
      const result = parseJsonColumn(CheckResult, row.result);
      if (result?.type !== MONITOR_TYPES.SSL) throw new AppError(2558);
      return result;
    }
    if (row?.state === 'expired') break;
    await sleep(POLL_MS);
  }
  if (await withdrawIfQueued(ctx, jobId)) throw new AppError(2554);
  throw new AppError(504);
}

/** Runs an SSL check of host:port on the node's agent now and answers its result. */
export async function runSslJob(
  ctx: ServerContext,
  custId: number,
  nodeId: number,
  target: SslJobTarget,
  waitMs: number,
): Promise<SslResult> {
  const jobId = await queueSslJob(ctx, custId, nodeId, target);
  return awaitResult(ctx, jobId, waitMs);
}
