import { z } from 'zod';
import type { DomainInfo } from '../../../shared/calls/domain-list.js';
import type {
  TraceResourceAnswer,
  TracerouteCreateBody,
  TracerouteIdAnswer,
  TracerouteNodeAnswer,
  TracerouteUpdateBody,
} from '../../../shared/calls/domain-trace-ssl.js';
import type { NodeCatalogueEntry } from '../../../shared/calls/nodes.js';
import { ENABLE_STATUS, MONITOR_TYPES, type MapType } from '../../../shared/codes.js';
import { FREQUENCIES_MINUTES } from '../../../shared/constants.js';
import { TracerouteOptions } from '../../../shared/probe/options.js';
import { TracerouteDetails } from '../../../shared/probe/results.js';
import type { ServerContext } from '../../context.js';
import { isoTimeOrNull, parseJsonColumn } from '../../db/columns.js';
import { AppError } from '../../http/app-error.js';
import { toNodeSummary } from '../nodes/node-view.js';
import { listNodes } from '../nodes/repo.js';
import { getTask } from '../tasks/service.js';
import { lastCheckTimes, newestRunsOf } from '../../results/index.js';
import { createDomainTask, updateDomainTask } from './service.js';
import { traceTasksOf } from './trace-repo.js';

/**
 * Traceroute tasks (type 6): written through the same verbs as types 1-5 (points, duplicates,
 * deployments), plus what the traceroute screens read: the nodes able to run it, a picker of the
 * customer's traceroute tasks, and each node's newest run of a task.
 */

const TRACEROUTE = MONITOR_TYPES.TRACEROUTE;
// A route changes slowly and every run is a tool process on the node.
const DEFAULT_TRACE_FREQUENCY = 10;
const RUN_DEFAULTS = TracerouteOptions.parse({ type: TRACEROUTE, host: 'example.com' });

export function createTracerouteTask(ctx: ServerContext, custId: number, body: TracerouteCreateBody): Promise<DomainInfo> {
  return createDomainTask(ctx, custId, TRACEROUTE, body);
}

export function updateTracerouteTask(ctx: ServerContext, custId: number, body: TracerouteUpdateBody): Promise<DomainInfo> {
  return updateDomainTask(ctx, custId, TRACEROUTE, body);
}

function catalogueEntryOf(node: ReturnType<typeof toNodeSummary>): NodeCatalogueEntry {
  const { id, name, city, province, region, country, isp, mapType, status } = node;
  return { id, name, city, province, region, country, isp, mapType, status };
}

/** Every node (of one map) with whether its agent reported traceroute and mtr; the pickers' choices. */
export async function traceResource(ctx: ServerContext, query: { mapType?: MapType | undefined }): Promise<TraceResourceAnswer> {
  const rows = await listNodes(ctx.db, { mapType: query.mapType });
  const nodes = rows.map((row) => {
    const node = toNodeSummary(ctx, row);
    return { ...catalogueEntryOf(node), traceroute: node.capabilities?.traceroute ?? null, mtr: node.capabilities?.mtr ?? null };
  });
  return {
    nodes,
    frequencies: [...FREQUENCIES_MINUTES],
    defaultFrequencyMinutes: DEFAULT_TRACE_FREQUENCY,
    maxHops: RUN_DEFAULTS.maxHops,
    probesPerHop: RUN_DEFAULTS.probesPerHop,
  };
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const NodeIds = z.array(z.number());

/** The customer's traceroute tasks whose name or domain contains the keyword (any case), by name. */
export async function searchTracerouteIds(
  ctx: ServerContext,
  custId: number,
  query: { keyword: string; limit: number },
): Promise<TracerouteIdAnswer> {
  const keyword = query.keyword.trim().toLowerCase();
  const tasks = await traceTasksOf(ctx.db, custId);
  const found = tasks
    .filter((task) => keyword === '' || task.name.toLowerCase().includes(keyword) || task.domain.toLowerCase().includes(keyword))
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
    .slice(0, query.limit);
  const lastRuns = await lastCheckTimes(ctx.db, found.map((task) => task.id));
  return {
    list: found.map((task) => ({
      id: task.id,
      name: task.name,
      domain: task.domain,
      status: task.status === ENABLE_STATUS.DISABLED ? ENABLE_STATUS.DISABLED : ENABLE_STATUS.ENABLED,
      nodeCount: new Set(parseJsonColumn(NodeIds, task.node_ids) ?? []).size,
      lastRunAt: isoTimeOrNull(lastRuns.get(task.id) ?? null),
    })),
  };
}

// Only what the node list shows is read, so a run stored under an older contract still reads.
const StoredRun = z.object({ details: TracerouteDetails.nullable().catch(null) });

/** The task's nodes, and any former node with a run, each with its newest run; 2127 for anything but the customer's traceroute task. */
export async function tracerouteNodes(ctx: ServerContext, custId: number, taskId: number): Promise<TracerouteNodeAnswer> {
  const task = await getTask(ctx, custId, taskId);
  if (task.type !== TRACEROUTE) throw new AppError(2127);
  const [nodeRows, runs] = await Promise.all([listNodes(ctx.db, {}), newestRunsOf(ctx.db, taskId)]);
  const runOf = new Map(runs.map((run) => [run.node_id, run]));
  const selected = new Set(task.nodeIds);
  const list = nodeRows
    .filter((row) => selected.has(row.id) || runOf.has(row.id))
    .map((row) => {
      const run = runOf.get(row.id);
      const details = run ? parseJsonColumn(StoredRun, run.details)?.details : null;
      return {
        ...catalogueEntryOf(toNodeSummary(ctx, row)),
        selected: selected.has(row.id),
        lastResultId: run?.result_id ?? null,
        lastRunAt: isoTimeOrNull(run?.ts ?? null),
        ok: run ? run.ok === 1 : null,
        reached: details ? details.reached : null,
        hopCount: details ? details.hops.length : null,
      };
    });
  return { list };
}
