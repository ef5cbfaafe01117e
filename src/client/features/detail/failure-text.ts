import { FAILURE_CODES, FAILURE_SOURCES, type FailureCode, type FailureSource } from '../../../shared/probe/results.js';

/**
 * Failure codes and sources of a probe result in words. The texts live in the detail namespace
 * under `failure.code.<code>` and `failure.source.<source>`; a code this console does not know
 * (a newer agent) reads as "unknown" with the code shown beside it.
 */

const isFailureCode = (code: string): code is FailureCode => (FAILURE_CODES as readonly string[]).includes(code);
const isFailureSource = (source: string): source is FailureSource => (FAILURE_SOURCES as readonly string[]).includes(source);

export const UNKNOWN_FAILURE_KEY = 'detail:failure.code.unknown';

export function failureCodeKey(code: FailureCode): string {
  return `detail:failure.code.${code}`;
}

export function failureSourceKey(source: FailureSource): string {
  return `detail:failure.source.${source}`;
}

/** The key of a stored code; null when the check failed without one. */
export function failureTextKeyOf(code: string | null): string | null {
  if (code === null) return null;
  return isFailureCode(code) ? failureCodeKey(code) : UNKNOWN_FAILURE_KEY;
}

export function failureSourceTextKeyOf(source: string | null): string | null {
  if (source === null) return null;
  return isFailureSource(source) ? failureSourceKey(source) : 'detail:failure.source.unknown';
}

/** Every key the console needs for failures, for the completeness test. */
export function allFailureTextKeys(): string[] {
  return [...FAILURE_CODES.map(failureCodeKey), UNKNOWN_FAILURE_KEY, ...FAILURE_SOURCES.map(failureSourceKey), 'detail:failure.source.unknown'];
}
