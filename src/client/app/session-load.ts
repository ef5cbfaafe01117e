import { ApiError, sessionEndOf } from '../lib/api-failure.js';
import { isUnreachableError } from '../lib/offline/connection.js';

/**
 * How a failed load of the session's user info or inbox is taken. A 401 (or an operator's
 * 2005/2006) has its own way out (the expiring phase). Not reaching the server is no refusal: the
 * signed-in shell opens on last-known data. Any other failure is the server refusing the session, which ends it (§4).
 */
export type SessionLoadFailure = 'none' | 'unauthorized' | 'unreachable' | 'refused';

export function sessionLoadFailureOf(error: unknown): SessionLoadFailure {
  if (error === null || error === undefined) return 'none';
  if (isUnreachableError(error)) return 'unreachable';
  if (error instanceof ApiError && sessionEndOf(error.failure)) return 'unauthorized';
  return 'refused';
}
