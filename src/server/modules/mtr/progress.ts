import type { JobProgressBody } from '../../../shared/calls/domain-mtr.js';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { AgentNode } from '../agents/authenticate.js';
import { findJob } from '../agents/jobs-repo.js';
import { storeProgress } from './runs-repo.js';

/**
 * An agent's hops so far for an MTR job it took: they replace the node's hops in its run. A job of
 * another node, or none, is 2001; a report for a job no longer running (finished, expired) is not
 * stored and says so.
 */
export async function recordJobProgress(ctx: ServerContext, node: AgentNode, body: JobProgressBody): Promise<{ stored: boolean }> {
  const job = await findJob(ctx.db, body.jobId);
  if (!job || job.node_id !== node.id) throw new AppError(2001);
  if (job.state !== 'taken') return { stored: false };
  return { stored: await storeProgress(ctx.db, job.id, { ip: body.ip, hops: JSON.stringify(body.hops) }, ctx.now()) };
}
