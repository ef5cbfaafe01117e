import type { SslChainConnectionFailure } from '../../../shared/calls/ssl-chain.js';

/** Why a connection gave no chain, in the checker's words (the console says each in a sentence). */
export interface ConnectionFailure {
  failure: SslChainConnectionFailure;
  detail: string | null;
}

const BY_CODE: Readonly<Record<string, SslChainConnectionFailure>> = {
  ENOTFOUND: 'dns_failure',
  ENODATA: 'dns_failure',
  EAI_AGAIN: 'dns_failure',
  EAI_FAIL: 'dns_failure',
  ESERVFAIL: 'dns_failure',
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETDOWN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
  ERR_SSL_WRONG_VERSION_NUMBER: 'not_tls',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'not_tls',
  ERR_SSL_HTTP_REQUEST: 'not_tls',
  ERR_SSL_RECORD_LAYER_FAILURE: 'not_tls',
};

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

export function connectionFailureOf(error: unknown): ConnectionFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const detail = (typeof code === 'string' ? code : error instanceof Error ? error.message : String(error)).slice(0, 200);
  return { failure: (typeof code === 'string' ? BY_CODE[code] : undefined) ?? 'tls_error', detail };
}

export function connectionFailureOfAgent(code: string, detail: string | undefined): ConnectionFailure {
  const wrongVersion = detail !== undefined && BY_CODE[detail] === 'not_tls';
  return { failure: wrongVersion ? 'not_tls' : (BY_AGENT_FAILURE[code] ?? 'tls_error'), detail: (detail ?? code).slice(0, 200) };
}

export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}
