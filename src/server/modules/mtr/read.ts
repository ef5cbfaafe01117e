import { z } from 'zod';
import { MTR_ACTIVE_STATES, MTR_RUN_RETENTION_DAYS, type MtrHistoryAnswer, type MtrRunAnswer, type MtrRunNode, type MtrRunSummary } from '../../../shared/calls/domain-mtr.js';
import type { Paging } from '../../../shared/calls/common.js';
import { Failure, MtrHop } from '../../../shared/probe/results.js';
import type { ServerContext } from '../../context.js';
import { isoTime, parseJsonColumn } from '../../db/columns.js';
import { AppError } from '../../http/app-error.js';
import { countRuns, findRun, pageOfRuns, runNodes, type RunNodeRow, type RunRow } from './runs-repo.js';
import { syncRuns } from './sync.js';

const DAY_MS = 86_400_000;
const Hops = z.array(MtrHop);

function nodeOf(row: RunNodeRow): MtrRunNode {
  return {
    nodeId: row.node_id,
    nodeName: row.node_name ?? '',
    state: row.state,
    ip: row.ip,
    failure: parseJsonColumn(Failure, row.failure),
    hops: parseJsonColumn(Hops, row.hops) ?? [],
    updatedAt: isoTime(row.updated_at),
  };
}

function summaryOf(run: RunRow, nodes: readonly RunNodeRow[]): MtrRunSummary {
  return {
    id: run.id,
    target: run.target,
    count: run.count,
    createdAt: isoTime(run.created_at),
    active: nodes.some((node) => MTR_ACTIVE_STATES.includes(node.state)),
    nodes: nodes.length,
    done: nodes.filter((node) => node.state === 'done').length,
  };
}

/** One run of the customer's with every node's state and hops; another customer's run is 2001 like none. */
export async function readMtrRun(ctx: ServerContext, custId: number, runId: number): Promise<MtrRunAnswer> {
  const run = await findRun(ctx.db, custId, runId);
  if (!run) throw new AppError(2001);
  await syncRuns(ctx, [run.id]);
  const nodes = await runNodes(ctx.db, [run.id]);
  return { ...summaryOf(run, nodes), nodeResults: nodes.map(nodeOf) };
}

/** The customer's runs kept (the last MTR_RUN_RETENTION_DAYS days), newest first. */
export async function mtrHistory(ctx: ServerContext, custId: number, paging: Paging): Promise<MtrHistoryAnswer> {
  const since = ctx.now() - MTR_RUN_RETENTION_DAYS * DAY_MS;
  const total = await countRuns(ctx.db, custId, since);
  const runs = await pageOfRuns(ctx.db, custId, since, { offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize });
  const ids = runs.map((run) => run.id);
  await syncRuns(ctx, ids);
  const nodes = ids.length === 0 ? [] : await runNodes(ctx.db, ids);
  return { total, list: runs.map((run) => summaryOf(run, nodes.filter((node) => node.run_id === run.id))) };
}
