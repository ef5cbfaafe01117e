import {
  ENABLE_STATUS,
  MONITOR_TYPES,
  MONITOR_TYPE_CODES,
  SERVICE_STATUS,
  SSL_FILTER,
  worstFirst,
  type AttentionCertificate,
  type AttentionTask,
  type DomainOverviewAnswer,
  type MonitorQtyAnswer,
  type MonitorType,
  type ServiceStatus,
} from '../../../shared/index.js';
import { detailPathOf } from '../../lib/task-paths.js';

export interface BandCounts {
  normal: number;
  warning: number;
  error: number;
  none: number;
}

/** One product card of the glance. */
export interface TypeCard {
  type: MonitorType;
  total: number;
  enabled: number;
  disabled: number;
  /** Enabled tasks by §3 band (SSL: by certificate); null before the status loads, or when the answer has no entry for the type. */
  bands: BandCounts | null;
}

/** The seven cards in type order: counts from /domain/monitor_qty, bands from /domain/overview. */
export function typeCardsOf(qty: MonitorQtyAnswer | undefined, overview: DomainOverviewAnswer | undefined): TypeCard[] {
  return MONITOR_TYPE_CODES.map((type) => {
    const counts = qty?.types.find((row) => row.type === type);
    const status = overview?.types.find((row) => row.type === type);
    return {
      type,
      total: counts?.total ?? 0,
      enabled: counts?.enabled ?? 0,
      disabled: counts?.disabled ?? 0,
      bands: status ? { normal: status.normal, warning: status.warning, error: status.error, none: status.none } : null,
    };
  });
}

/**
 * The translation key of a band on a type's card: the service status words, and for SSL the
 * certificate's (not expired, expiring within a week, expired or check failed, not checked yet).
 */
export function bandLabelKeyOf(type: number, status: ServiceStatus): string {
  return type === MONITOR_TYPES.SSL ? `overview:sslBand.${status}` : `common:serviceStatus.${status}`;
}

const SSL_FILTER_OF_BAND: Readonly<Record<ServiceStatus, number>> = {
  [SERVICE_STATUS.NORMAL]: SSL_FILTER.NOT_EXPIRED,
  [SERVICE_STATUS.WARNING]: SSL_FILTER.EXPIRING,
  [SERVICE_STATUS.ERROR]: SSL_FILTER.EXPIRED_OR_FAILED,
  [SERVICE_STATUS.NONE]: SSL_FILTER.NOT_CHECKED,
};

/**
 * The task list filtered to a band's enabled tasks. The SSL list filters by its SSL status filter
 * (`ssl`), which has a value for each band: the error band is "expired or check failed".
 */
export function bandLinkOf(type: number, status: ServiceStatus): string {
  const params = new URLSearchParams({ status: String(ENABLE_STATUS.ENABLED) });
  if (type !== MONITOR_TYPES.SSL) params.set('service', String(status));
  else params.set('ssl', String(SSL_FILTER_OF_BAND[status]));
  return `/monitor/${type}?${params.toString()}`;
}

/** Where a task in trouble leads: its detail, a traceroute task's route history, an SSL task (no detail screen) the SSL list searched for its domain. */
export function attentionPathOf(task: Pick<AttentionTask, 'id' | 'type' | 'domain'>): string {
  if (task.type === MONITOR_TYPES.SSL) return `/monitor/${task.type}?${new URLSearchParams({ q: task.domain }).toString()}`;
  return detailPathOf(task.type, task.id);
}

/** What an SSL task in trouble shows instead of availability: the failed check, or how long ago or in how many days the certificate expires. */
export function certificateTextOf(certificate: AttentionCertificate): { key: 'checkFailed' | 'expiredAgo' | 'expiresToday' | 'daysLeft'; days: number } {
  if (certificate.checkFailed || certificate.daysLeft === null) return { key: 'checkFailed', days: 0 };
  if (certificate.daysLeft < 0) return { key: 'expiredAgo', days: -certificate.daysLeft };
  if (certificate.daysLeft === 0) return { key: 'expiresToday', days: 0 };
  return { key: 'daysLeft', days: certificate.daysLeft };
}

const two = (value: number) => String(value).padStart(2, '0');

/** A time as its local day, YYYY-MM-DD as the SSL list writes dates; '' when unreadable. */
export function localDayOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** The tasks in trouble, worst first, whatever order they arrived in. */
export function attentionOrder(overview: DomainOverviewAnswer | undefined): AttentionTask[] {
  return worstFirst(overview?.attention ?? []);
}

/** How many tasks in trouble the glance does not list. */
export function unlistedTroubleCount(overview: DomainOverviewAnswer | undefined): number {
  return overview ? Math.max(0, overview.attentionTotal - overview.attention.length) : 0;
}

/** Share of the purchased points in use, in whole percent within 0-100 (0 without points). */
export function usedShare(purchased: number, used: number): number {
  if (purchased <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / purchased) * 100)));
}
