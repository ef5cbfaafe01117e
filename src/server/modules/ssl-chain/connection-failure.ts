import { errnoOf, networkFailureOfErrno } from '../../../node-shared/socket-errors.js';
import type { SslChainConnectionFailure } from '../../../shared/calls/ssl-chain.js';

/** Why a connection gave no chain, in the checker's words (the console says each in a sentence). */
export interface ConnectionFailure {
  failure: SslChainConnectionFailure;
  detail: string | null;
}

/** TLS errors that mean the peer answered something other than TLS (a plain HTTP port, say). */
const NOT_TLS_ERRNOS: ReadonlySet<string> = new Set([
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_HTTP_REQUEST',
  'ERR_SSL_RECORD_LAYER_FAILURE',
]);

/** What the failure of an agent's check (its `Failure.code`) means here. */
const BY_AGENT_FAILURE: Readonly<Record<string, SslChainConnectionFailure>> = {
  dns_nxdomain: 'dns_failure',
  dns_error: 'dns_failure',
  dns_timeout: 'dns_failure',
  refused: 'refused',
  timeout: 'timeout',
  unreachable: 'unreachable',
  reset: 'reset',
  target_not_allowed: 'target_not_allowed',
};

function detailOf(error: unknown): string {
  return (errnoOf(error) ?? (error instanceof Error ? error.message : String(error))).slice(0, 200);
}

/** A connection or handshake error from the server's own try. */
export function connectionFailureOf(error: unknown): ConnectionFailure {
  const errno = errnoOf(error);
  const failure = networkFailureOfErrno(errno) ?? (errno !== undefined && NOT_TLS_ERRNOS.has(errno) ? 'not_tls' : 'tls_error');
  return { failure, detail: detailOf(error) };
}

/** Any error looking the name up is a DNS failure (its own timeout included). */
export function lookupFailureOf(error: unknown): ConnectionFailure {
  return { failure: 'dns_failure', detail: detailOf(error) };
}

export function connectionFailureOfAgent(code: string, detail: string | undefined): ConnectionFailure {
  const wrongVersion = detail !== undefined && NOT_TLS_ERRNOS.has(detail);
  return { failure: wrongVersion ? 'not_tls' : (BY_AGENT_FAILURE[code] ?? 'tls_error'), detail: (detail ?? code).slice(0, 200) };
}

export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}
