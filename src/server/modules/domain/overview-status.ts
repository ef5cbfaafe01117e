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
import { availabilityOf, averageLatencyOf, isoRangeOf, rangeSums, type Sums, type TimeRange } from '../../results/index.js';
import { sslStanding } from './overview-ssl.js';
import { newestCertificates, type CertificateSeen } from './ssl-newest.js';
import { overviewTasks, type OverviewTaskRow } from './overview-status-repo.js';

interface Figures {
  covered: TimeRange;
  byTask: Map<number, Sums>;
}

async function figuresOf(ctx: StoreContext, custId: number, range: TimeRange): Promise<Figures> {
  const sums = await rangeSums(ctx, { custId, types: AVAILABILITY_BAND_TYPES }, range, { by: 'task' });
  return { covered: sums.covered, byTask: new Map(sums.groups.map((group) => [group.taskId, group])) };
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
function availabilityStanding(task: OverviewTaskRow, figures: Sums | undefined): Standing {
  const availabilityPercent = figures ? availabilityOf(figures) : null;
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
      avgResponseMs: averageLatencyOf(figures),
      serviceStatus: status,
      certificate: null,
    },
  };
}

interface Readings {
  figures: Figures;
  certificates: Map<number, CertificateSeen>;
}

/** Reads only what the enabled tasks need: availability sums for types 1-6, the newest certificates when there are SSL tasks. */
async function readingsOf(ctx: StoreContext, custId: number, range: { from: number; to: number }, enabled: readonly OverviewTaskRow[]): Promise<Readings> {
  const hasSsl = enabled.some((task) => task.type === MONITOR_TYPES.SSL);
  const hasOthers = enabled.some((task) => task.type !== MONITOR_TYPES.SSL);
  const [figures, certificates] = await Promise.all([
    hasOthers ? figuresOf(ctx, custId, range) : { covered: range, byTask: new Map<number, Sums>() },
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
      task.type === MONITOR_TYPES.SSL ? sslStanding(task, readings.certificates.get(task.id)) : availabilityStanding(task, readings.figures.byTask.get(task.id));
    typeCounts[BAND_FIELD[standing.status]] += 1;
    if (standing.attention) attention.push(standing.attention);
  }
  attention.sort(compareAttention);
  return {
    from: isoTime(range.from),
    to: isoTime(range.to),
    covered: isoRangeOf(readings.figures.covered),
    types: [...counts.values()],
    attention: attention.slice(0, query.limit),
    attentionTotal: attention.length,
  };
}
