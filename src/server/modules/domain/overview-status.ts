import {
  OVERVIEW_MONITOR_TYPES,
  compareAttention,
  type AttentionTask,
  type DomainOverviewAnswer,
  type DomainOverviewQuery,
  type OverviewTypeCounts,
} from '../../../shared/calls/domain-overview.js';
import { ENABLE_STATUS, SERVICE_STATUS, serviceStatusOf, type ServiceStatus } from '../../../shared/codes.js';
import { isoTime } from '../../db/columns.js';
import type { StoreContext } from '../tasks/store-context.js';
import { listRangeOf } from './list.js';
import { sumsPerTask } from '../../ingest/read-repo.js';
import { overviewTasks, type OverviewTaskRow } from './overview-status-repo.js';

const HOUR_MS = 3_600_000;
/** Up to this span the bands read minute rollups; beyond, whole hours of the per-task hour sums (as the task list does). */
const MINUTE_SUMS_MAX_MS = 3 * HOUR_MS;

interface Figures {
  count: number;
  successes: number;
  latencyCount: number;
  latencySum: number;
}

async function figuresOf(ctx: StoreContext, custId: number, range: { from: number; to: number }): Promise<Map<number, Figures>> {
  const byMinute = range.to - range.from <= MINUTE_SUMS_MAX_MS;
  const from = byMinute ? range.from : Math.floor(range.from / HOUR_MS) * HOUR_MS;
  const to = byMinute ? range.to : Math.ceil(range.to / HOUR_MS) * HOUR_MS;
  const rows = await sumsPerTask(ctx.db, byMinute ? 'rollup_task_minute' : 'rollup_task_hour', custId, from, to, OVERVIEW_MONITOR_TYPES);
  return new Map(
    rows.map((row) => [
      row.task_id,
      { count: Number(row.count), successes: Number(row.successes), latencyCount: Number(row.latency_count), latencySum: Number(row.latency_sum) },
    ]),
  );
}

const BAND_FIELD: Record<ServiceStatus, 'none' | 'normal' | 'warning' | 'error'> = {
  [SERVICE_STATUS.NONE]: 'none',
  [SERVICE_STATUS.NORMAL]: 'normal',
  [SERVICE_STATUS.WARNING]: 'warning',
  [SERVICE_STATUS.ERROR]: 'error',
};

function attentionOf(task: OverviewTaskRow, figures: Figures, availabilityPercent: number, status: ServiceStatus): AttentionTask | null {
  if (status !== SERVICE_STATUS.WARNING && status !== SERVICE_STATUS.ERROR) return null;
  return {
    id: task.id,
    type: task.type,
    name: task.name,
    domain: task.domain,
    port: task.port,
    otherPath: task.other_path,
    availabilityPercent,
    avgResponseMs: figures.latencyCount > 0 ? figures.latencySum / figures.latencyCount : null,
    serviceStatus: status,
  };
}

/** The customer's enabled tasks of types 1-5 by band over the last `hours`, and those in trouble, worst first. */
export async function domainOverview(
  ctx: StoreContext,
  custId: number,
  query: DomainOverviewQuery,
): Promise<DomainOverviewAnswer> {
  const range = listRangeOf({ hours: query.hours }, ctx.now());
  const [tasks, figures] = await Promise.all([overviewTasks(ctx.db, custId, OVERVIEW_MONITOR_TYPES), figuresOf(ctx, custId, range)]);
  const counts = new Map<number, OverviewTypeCounts>(
    OVERVIEW_MONITOR_TYPES.map((type) => [type, { type, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 }]),
  );
  const attention: AttentionTask[] = [];
  for (const task of tasks) {
    const typeCounts = counts.get(task.type);
    if (!typeCounts) continue;
    if (task.status === ENABLE_STATUS.DISABLED) {
      typeCounts.disabled += 1;
      continue;
    }
    const taskFigures = figures.get(task.id);
    const availability = taskFigures && taskFigures.count > 0 ? (taskFigures.successes / taskFigures.count) * 100 : null;
    const status = serviceStatusOf(availability);
    typeCounts[BAND_FIELD[status]] += 1;
    const trouble = taskFigures && availability !== null ? attentionOf(task, taskFigures, availability, status) : null;
    if (trouble) attention.push(trouble);
  }
  attention.sort(compareAttention);
  return {
    from: isoTime(range.from),
    to: isoTime(range.to),
    types: [...counts.values()],
    attention: attention.slice(0, query.limit),
    attentionTotal: attention.length,
  };
}
