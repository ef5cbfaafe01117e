import type { CallId, FieldError } from '../../shared/index.js';

/** Why a call did not answer with a success envelope. */
export type ApiFailure =
  | { kind: 'envelope'; code: number | string | null; message: string; errors: FieldError[]; httpStatus: number }
  | { kind: 'http'; httpStatus: number }
  | { kind: 'network' }
  | { kind: 'timeout' };

export class ApiError extends Error {
  constructor(
    readonly callId: CallId,
    readonly failure: ApiFailure,
  ) {
    super(`${callId} failed: ${failure.kind}`);
    this.name = 'ApiError';
  }
}

/** The inner field errors of a 1001 answer, or none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.failure.kind !== 'envelope') return [];
  return error.failure.errors;
}

/** Codes an operator ends a session with: its holder (or their customer) suspended, or their privilege deactivated. */
export type SessionEndCode = 2005 | 2006;

/**
 * Whether a failure ends the session, and with which text: 401 (signed out, expired), or the
 * operator's 2005/2006, which the server answers to every later call of an ended session.
 */
export function sessionEndOf(failure: ApiFailure): { endCode?: SessionEndCode } | undefined {
  if (failure.kind === 'http') return failure.httpStatus === 401 ? {} : undefined;
  if (failure.kind !== 'envelope') return undefined;
  const code = String(failure.code);
  if (code === '2005' || code === '2006') return { endCode: Number(code) as SessionEndCode };
  return failure.httpStatus === 401 || code === '401' ? {} : undefined;
}
