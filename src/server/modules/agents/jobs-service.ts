import {
  AGENT_JOBS_PER_POLL_MAX,
  ON_DEMAND_JOBS_PER_CUSTOMER_MAX,
  ON_DEMAND_JOBS_PER_NODE_MAX,
  type AgentJob,
} from '../../../shared/calls/agent-work.js';
import { CheckOptions, type CheckOptionsInput } from '../../../shared/probe/options.js';
import { CheckResult } from '../../../shared/probe/results.js';
import { validate } from '../../../shared/validation/validate.js';
import type { ServerContext } from '../../context.js';
import { isoTime, isoTimeOrNull, parseJsonColumn } from '../../db/columns.js';
import { signalsMayBeLost } from '../../db/notifications.js';
import type { AgentJobRow, AgentJobState } from '../../db/schema-nodes.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { newToken } from '../../security/tokens.js';
import { parseSelfCheckWindow } from '../nodes/node-view.js';
import { deriveNodeStatus } from '../nodes/status.js';
import type { AgentNode } from './authenticate.js';
import { completeJob, countOutstandingJobs, expireJobs, findJob, insertJob, takeQueuedJobs } from './jobs-repo.js';
import { findNodeLiveness } from './repo.js';

/** A job no agent took within this time expires. */
export const JOB_TAKE_TIMEOUT_MS = 60_000;
/** A taken job expires when no result came within its own timeout plus this. */
export const JOB_RESULT_GRACE_MS = 60_000;
/**
 * Where a signal may be lost (notifications.ts), a held poll looks at the table this often too. On
 * SQLite the call that queues a job wakes the poll itself, and a look every 5 s was about a fifth of
 * an idle server's CPU with one agent polling (docs/architecture.md, "Performance: CPU per check").
 */
const POLL_RECHECK_MS = 5_000;
/** Job types customers may ask for on demand. */
const ON_DEMAND_TYPES: readonly CheckOptions['type'][] = ['mtr'];

export interface JobOutcome {
  jobId: string;
  nodeId: number;
  state: AgentJobState;
  options: CheckOptions;
  /** The agent's result once the job is done; null before and when it expired. */
  result: CheckResult | null;
  createdAt: string;
  takenAt: string | null;
  doneAt: string | null;
}

function parsedOptions(options: CheckOptionsInput): CheckOptions {
  const parsed = validate(CheckOptions, options);
  if (!parsed.ok) throw badParameter(parsed.errors.map((error) => ({ ...error, field: `options.${error.field}` })));
  if (!ON_DEMAND_TYPES.includes(parsed.data.type)) throw badParameter([fieldError('options.type', 10010003)]);
  return parsed.data;
}

/** Refuses a node that does not exist (2304), has no agent or has lost it (2554). */
async function assertNodeOnline(ctx: ServerContext, nodeId: number): Promise<void> {
  const node = await findNodeLiveness(ctx.db, nodeId);
  if (!node) throw new AppError(2304);
  const status = deriveNodeStatus({ lastSeenAt: node.last_seen_at, selfChecks: parseSelfCheckWindow(node.self_check_window) }, ctx.now());
  if (status === 'none' || status === 'unusable') throw new AppError(2554);
}

/**
 * Queues an on-demand job (only MTR for now) for one node's agent; answers the job id to poll.
 * A node or a customer with as many outstanding jobs as allowed is busy (2555).
 */
export async function requestJob(ctx: ServerContext, custId: number, nodeId: number, options: CheckOptionsInput): Promise<string> {
  const parsed = parsedOptions(options);
  await assertNodeOnline(ctx, nodeId);
  const now = ctx.now();
  const jobId = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    if ((await countOutstandingJobs(trx, { nodeId }, now)) >= ON_DEMAND_JOBS_PER_NODE_MAX) throw new AppError(2555);
    if ((await countOutstandingJobs(trx, { custId }, now)) >= ON_DEMAND_JOBS_PER_CUSTOMER_MAX) throw new AppError(2555);
    await insertJob(trx, { id: jobId, custId, nodeId, options: JSON.stringify(parsed), createdAt: now, expiresAt: now + JOB_TAKE_TIMEOUT_MS });
  });
  ctx.jobSignals.notify(nodeId);
  return jobId;
}

function outcomeOf(row: AgentJobRow): JobOutcome {
  const options = parseJsonColumn(CheckOptions, row.options);
  if (!options) throw new Error(`job ${row.id} holds unreadable options`);
  return {
    jobId: row.id,
    nodeId: row.node_id,
    state: row.state,
    options,
    result: parseJsonColumn(CheckResult, row.result),
    createdAt: isoTime(row.created_at),
    takenAt: isoTimeOrNull(row.taken_at),
    doneAt: isoTimeOrNull(row.done_at),
  };
}

/** Where the customer's job stands; another customer's job, or none, is 2001. */
export async function jobOutcome(ctx: ServerContext, custId: number, jobId: string): Promise<JobOutcome> {
  await expireJobs(ctx.db, ctx.now());
  const row = await findJob(ctx.db, jobId);
  if (!row || row.cust_id !== custId) throw new AppError(2001);
  return outcomeOf(row);
}

function resultDeadline(now: number): (options: string) => number {
  return (options) => now + (parseJsonColumn(CheckOptions, options)?.timeoutMs ?? 0) + JOB_RESULT_GRACE_MS;
}

async function takeJobs(ctx: ServerContext, nodeId: number): Promise<AgentJob[]> {
  const now = ctx.now();
  await expireJobs(ctx.db, now);
  const taken = await takeQueuedJobs(ctx.db, nodeId, now, AGENT_JOBS_PER_POLL_MAX, resultDeadline(now));
  return taken.flatMap((job) => {
    const options = parseJsonColumn(CheckOptions, job.options);
    return options ? [{ jobId: job.id, options }] : [];
  });
}

/**
 * The agent's long poll: answers the node's queued jobs as soon as there are any, else an empty
 * list after `waitMs` (or at once when the server closes or the agent hangs up).
 */
export async function pollJobs(ctx: ServerContext, node: AgentNode, waitMs: number, abort?: AbortSignal): Promise<AgentJob[]> {
  const giveUpAt = Date.now() + waitMs;
  const recheckMs = signalsMayBeLost(ctx.db) ? POLL_RECHECK_MS : waitMs;
  for (;;) {
    const seen = ctx.jobSignals.generation(node.id);
    const jobs = await takeJobs(ctx, node.id);
    const left = giveUpAt - Date.now();
    if (jobs.length > 0 || left <= 0 || ctx.jobSignals.isClosed || abort?.aborted === true) return jobs;
    await ctx.jobSignals.wait(node.id, seen, Math.min(left, recheckMs), abort);
  }
}

/** The agent's result for a job it took; a job of another node, or none, is 2001. */
export async function storeJobResult(ctx: ServerContext, node: AgentNode, jobId: string, result: CheckResult): Promise<{ stored: boolean }> {
  const row = await findJob(ctx.db, jobId);
  if (!row || row.node_id !== node.id) throw new AppError(2001);
  if (parseJsonColumn(CheckOptions, row.options)?.type !== result.type) throw badParameter([fieldError('result.type', 10010003)]);
  const now = ctx.now();
  await expireJobs(ctx.db, now);
  return { stored: await completeJob(ctx.db, jobId, JSON.stringify(result), now) };
}
