import type { FieldError } from '../../../shared/index.js';
import { ApiError } from '../../lib/api-failure.js';

/** A name that another group (or tag) of the customer already has: the catalogue's "data incorrect". */
export const NAME_TAKEN_CODE = 2014;
/** A matched-IP group that a task still uses cannot be deleted. */
export const IN_USE_CODE = 2013;
const BAD_PARAMETER = 1001;

/** What a failed save or delete means for the dialog that made it. */
export type GroupFailure =
  | { kind: 'nameTaken' }
  | { kind: 'notFound' }
  | { kind: 'inUse' }
  | { kind: 'fields'; errors: FieldError[] }
  /** Anything else (network, session, busy): the global notification already says it. */
  | { kind: 'other' };

function codeOf(error: ApiError): number | null {
  if (error.failure.kind !== 'envelope') return null;
  const code = Number(error.failure.code);
  return Number.isInteger(code) ? code : null;
}

/**
 * Reads a failed call: `notFoundCode` is the kind's "unknown id" (2103 domain group, 2001 tag,
 * 2112 matched-IP group), which here means someone else deleted it meanwhile.
 */
export function groupFailureOf(error: unknown, notFoundCode: number): GroupFailure {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  const code = codeOf(error);
  if (code === NAME_TAKEN_CODE) return { kind: 'nameTaken' };
  if (code === notFoundCode) return { kind: 'notFound' };
  if (code === IN_USE_CODE) return { kind: 'inUse' };
  if (code === BAD_PARAMETER && error.failure.kind === 'envelope' && error.failure.errors.length > 0) {
    return { kind: 'fields', errors: error.failure.errors };
  }
  return { kind: 'other' };
}
