import { ApiError } from '../lib/api-failure.js';
import { isUnreachableError } from '../lib/offline/connection.js';

/**
 * How a failed load of the session's user info or inbox is taken. A 401 has its own way out (the
 * expiring phase). Not reaching the server is no refusal: the signed-in shell opens on last-known
 * data. Any other failure is the server refusing the session, which ends it (§4).
 */
export type SessionLoadFailure = 'none' | 'unauthorized' | 'unreachable' | 'refused';

function isUnauthorized(error: ApiError): boolean {
  const { failure } = error;
  if (failure.kind === 'envelope') return failure.httpStatus === 401 || String(failure.code) === '401';
  return failure.kind === 'http' && failure.httpStatus === 401;
}

export function sessionLoadFailureOf(error: unknown): SessionLoadFailure {
  if (error === null || error === undefined) return 'none';
  if (isUnreachableError(error)) return 'unreachable';
  if (error instanceof ApiError && isUnauthorized(error)) return 'unauthorized';
  return 'refused';
}
