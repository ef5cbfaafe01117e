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
