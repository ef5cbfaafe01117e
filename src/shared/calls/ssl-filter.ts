// The SSL list's status filter, apart from the SSL schemas (no zod): the overview's links use it.
import { SERVICE_STATUS, SSL_STATUS, type ServiceStatus, type SslStatus } from '../codes.js';

/**
 * §3 for an SSL task: not expired normal, expiring within a week warning, expired error; checked
 * but no certificate read (every node's newest check failed) error; never checked no data.
 */
export function sslServiceStatusOf(sslStatus: SslStatus | null, checked: boolean): ServiceStatus {
  if (sslStatus === SSL_STATUS.NOT_EXPIRED) return SERVICE_STATUS.NORMAL;
  if (sslStatus === SSL_STATUS.EXPIRING) return SERVICE_STATUS.WARNING;
  if (sslStatus === SSL_STATUS.EXPIRED) return SERVICE_STATUS.ERROR;
  return checked ? SERVICE_STATUS.ERROR : SERVICE_STATUS.NONE;
}

/**
 * What the SSL list shows of a task's certificate: its §3 SSL status; "failed" when checked but no
 * node's newest check read a certificate (unreachable, no TLS); "none" before any check.
 */
export type SslCertificateState = SslStatus | 'failed' | 'none';

export function sslCertificateStateOf(status: SslStatus | null, checked: boolean): SslCertificateState {
  if (status !== null) return status;
  return checked ? 'failed' : 'none';
}

/**
 * The SSL list's SSL status filter: the §3 statuses (1 not expired, 2 expiring within a week,
 * 3 expired), 4 check failed, 5 not checked yet, and 6 expired or check failed (the overview's
 * SSL error band, so its link shows exactly those tasks).
 */
export const SSL_FILTER = { ...SSL_STATUS, CHECK_FAILED: 4, NOT_CHECKED: 5, EXPIRED_OR_FAILED: 6 } as const;
export type SslFilter = (typeof SSL_FILTER)[keyof typeof SSL_FILTER];
/** In the order the filter offers them. */
export const SSL_FILTER_VALUES: readonly SslFilter[] = [
  SSL_FILTER.NOT_EXPIRED,
  SSL_FILTER.EXPIRING,
  SSL_FILTER.EXPIRED,
  SSL_FILTER.CHECK_FAILED,
  SSL_FILTER.EXPIRED_OR_FAILED,
  SSL_FILTER.NOT_CHECKED,
];

/** Whether a task whose certificate has this SSL status (null without one), checked or not, passes the filter. */
export function sslFilterMatches(filter: SslFilter, status: SslStatus | null, checked: boolean): boolean {
  const state = sslCertificateStateOf(status, checked);
  if (filter === SSL_FILTER.CHECK_FAILED) return state === 'failed';
  if (filter === SSL_FILTER.NOT_CHECKED) return state === 'none';
  if (filter === SSL_FILTER.EXPIRED_OR_FAILED) return sslServiceStatusOf(status, checked) === SERVICE_STATUS.ERROR;
  return state === filter;
}
