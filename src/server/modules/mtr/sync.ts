import { CheckResult, type Failure } from '../../../shared/probe/results.js';
import type { ServerContext } from '../../context.js';
import { parseJsonColumn } from '../../db/columns.js';
import { expireJobs } from '../agents/jobs-repo.js';
import { activeRunNodes, type ActiveRunNodeRow, type RunNodeChange, updateRunNode } from './runs-repo.js';

/**
 * Brings the waiting nodes of runs up to date with their agent jobs when a run is read: a taken
 * job is running, a done one carries the report, an expired one never taken means the node's
 * agent was away (offline), one taken but never answered timed out. The run keeps what it learnt,
 * so it outlives the job rows (pruned sooner).
 */

function failureState(failure: Failure | null): RunNodeChange['state'] {
  if (failure?.code === 'tool_missing') return 'no_tool';
  if (failure?.code === 'target_not_allowed') return 'private_refused';
  return 'failed';
}

function reportChange(resultText: string | null): RunNodeChange {
  const result = parseJsonColumn(CheckResult, resultText);
  if (result?.type !== 'mtr') return { state: 'failed', failure: JSON.stringify({ source: 'probe', code: 'tool_error' } satisfies Failure) };
  const failure = result.failure === null ? null : JSON.stringify(result.failure);
  const ip = result.details?.ip ?? result.resolvedIps[0] ?? null;
  // A report with hops is done even when the target did not answer: the hops say where it stopped.
  if (result.details !== null && result.details.hops.length > 0) return { state: 'done', ip, failure, hops: JSON.stringify(result.details.hops) };
  return { state: failureState(result.failure), ip, failure };
}

function changeOf(row: ActiveRunNodeRow): RunNodeChange | null {
  switch (row.job_state) {
    case null:
      return { state: 'timed_out' };
    case 'queued':
      return null;
    case 'taken':
      return row.state === 'running' ? null : { state: 'running' };
    case 'done':
      return reportChange(row.result);
    case 'expired':
      return { state: row.taken_at === null ? 'offline' : 'timed_out' };
  }
}

export async function syncRuns(ctx: ServerContext, runIds: readonly number[]): Promise<void> {
  if (runIds.length === 0) return;
  const now = ctx.now();
  await expireJobs(ctx.db, now);
  for (const row of await activeRunNodes(ctx.db, runIds)) {
    const change = changeOf(row);
    if (change) await updateRunNode(ctx.db, { runId: row.run_id, nodeId: row.node_id }, change, now);
  }
}
