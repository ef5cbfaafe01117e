import {
  AVAILABILITY_BAND_TYPES,
  OVERVIEW_MONITOR_TYPES,
  compareAttention,
  type AttentionTask,
  type DomainOverviewAnswer,
  type DomainOverviewQuery,
  type OverviewTypeCounts,
} from '../../../shared/calls/domain-overview.js';
import { ENABLE_STATUS, MONITOR_TYPES, SERVICE_STATUS, serviceStatusOf, type ServiceStatus } from '../../../shared/codes.js';
import { isoTime } from '../../db/columns.js';
import type { StoreContext } from '../tasks/store-context.js';
import { listRangeOf } from './list.js';
import { sumsPerTask } from '../../ingest/read-repo.js';
import { sslStanding } from './overview-ssl.js';
import { newestCertificates, type CertificateSeen } from './ssl-newest.js';
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
  const rows = await sumsPerTask(ctx.db, byMinute ? 'rollup_task_minute' : 'rollup_task_hour', custId, from, to, AVAILABILITY_BAND_TYPES);
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

interface Standing {
  status: ServiceStatus;
  attention: AttentionTask | null;
}

/** An enabled task of types 1-6: its band by availability over the range, and its attention entry when in trouble. */
function availabilityStanding(task: OverviewTaskRow, figures: Figures | undefined): Standing {
  const availabilityPercent = figures && figures.count > 0 ? (figures.successes / figures.count) * 100 : null;
  const status = serviceStatusOf(availabilityPercent);
  if (!figures || availabilityPercent === null || (status !== SERVICE_STATUS.WARNING && status !== SERVICE_STATUS.ERROR)) return { status, attention: null };
  return {
    status,
    attention: {
      id: task.id,
      type: task.type,
      name: task.name,
      domain: task.domain,
      port: task.port,
      otherPath: task.other_path,
      availabilityPercent,
      avgResponseMs: figures.latencyCount > 0 ? figures.latencySum / figures.latencyCount : null,
      serviceStatus: status,
      certificate: null,
    },
  };
}

interface Readings {
  figures: Map<number, Figures>;
  certificates: Map<number, CertificateSeen>;
}

/** Reads only what the enabled tasks need: availability sums for types 1-6, the newest certificates when there are SSL tasks. */
async function readingsOf(ctx: StoreContext, custId: number, range: { from: number; to: number }, enabled: readonly OverviewTaskRow[]): Promise<Readings> {
  const hasSsl = enabled.some((task) => task.type === MONITOR_TYPES.SSL);
  const hasOthers = enabled.some((task) => task.type !== MONITOR_TYPES.SSL);
  const [figures, certificates] = await Promise.all([
    hasOthers ? figuresOf(ctx, custId, range) : new Map<number, Figures>(),
    hasSsl ? newestCertificates(ctx.db, custId, ctx.now()) : new Map<number, CertificateSeen>(),
  ]);
  return { figures, certificates };
}

/** The customer's enabled tasks of every type by band, disabled ones apart, and those in trouble, worst first. */
export async function domainOverview(ctx: StoreContext, custId: number, query: DomainOverviewQuery): Promise<DomainOverviewAnswer> {
  const range = listRangeOf({ hours: query.hours }, ctx.now());
  const tasks = await overviewTasks(ctx.db, custId, OVERVIEW_MONITOR_TYPES);
  const enabled = tasks.filter((task) => task.status !== ENABLE_STATUS.DISABLED);
  const readings = await readingsOf(ctx, custId, range, enabled);
  const counts = new Map<number, OverviewTypeCounts>(
    OVERVIEW_MONITOR_TYPES.map((type) => [type, { type, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 }]),
  );
  for (const task of tasks) {
    const typeCounts = counts.get(task.type);
    if (typeCounts && task.status === ENABLE_STATUS.DISABLED) typeCounts.disabled += 1;
  }
  const attention: AttentionTask[] = [];
  for (const task of enabled) {
    const typeCounts = counts.get(task.type);
    if (!typeCounts) continue;
    const standing =
      task.type === MONITOR_TYPES.SSL ? sslStanding(task, readings.certificates.get(task.id)) : availabilityStanding(task, readings.figures.get(task.id));
    typeCounts[BAND_FIELD[standing.status]] += 1;
    if (standing.attention) attention.push(standing.attention);
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
