import { sslCertificateStateOf, sslServiceStatusOf, type ServiceStatus, type SslCertificateState, type SslStatus } from '../../../shared/index.js';
import { ApiError, type ApiFailure } from '../../lib/api-failure.js';

/**
 * A certificate in the §3 service colours, as the overview bands it: valid green, expiring within a
 * week yellow, expired or check failed (checked, no certificate read) red, never checked grey.
 */
export function sslToneOf(status: SslStatus | null, checked: boolean): ServiceStatus {
  return sslServiceStatusOf(status, checked);
}

/** What an SSL row or check answer shows of its certificate: the state's word and its colour. */
export interface SslBadge {
  state: SslCertificateState;
  tone: ServiceStatus;
}

export function sslBadgeOf(status: SslStatus | null, checked: boolean): SslBadge {
  return { state: sslCertificateStateOf(status, checked), tone: sslToneOf(status, checked) };
}

/** The refusals of /domain/ssl/certcheck that the dialog explains beyond the catalogue text. */
export const CERTCHECK_REFUSALS = [2553, 2554, 2555, 504] as const;
export type CertcheckRefusal = (typeof CERTCHECK_REFUSALS)[number];

export type CertcheckProblem = { kind: 'refused'; code: CertcheckRefusal; failure: ApiFailure } | { kind: 'other'; failure: ApiFailure | null };

const GATEWAY_TIMEOUT = 504;

/**
 * Why an on-demand check gave no answer: no node with a live agent (2553), the agent did not take
 * it (2554), the node is busy (2555), or no answer in time (504, also as a bare HTTP status or the
 * client's own timeout); anything else is shown with its catalogue text alone.
 */
export function certcheckProblemOf(error: unknown): CertcheckProblem {
  if (!(error instanceof ApiError)) return { kind: 'other', failure: null };
  const { failure } = error;
  const code = failure.kind === 'envelope' ? Number(failure.code) : failure.kind === 'http' ? failure.httpStatus : failure.kind === 'timeout' ? GATEWAY_TIMEOUT : NaN;
  const refusal = CERTCHECK_REFUSALS.find((known) => known === code);
  return refusal === undefined ? { kind: 'other', failure } : { kind: 'refused', code: refusal, failure };
}

/** Whole days left as the list shows them: "—" before any check, negative once expired. */
export function daysLeftLabelOf(daysLeft: number | null): { key: 'none' | 'left' | 'expiredAgo' | 'today'; count: number } {
  if (daysLeft === null) return { key: 'none', count: 0 };
  if (daysLeft < 0) return { key: 'expiredAgo', count: -daysLeft };
  if (daysLeft === 0) return { key: 'today', count: 0 };
  return { key: 'left', count: daysLeft };
}
