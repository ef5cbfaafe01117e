import { FAILURE_CODES, FAILURE_SOURCES, TLS_VERIFY_ERRORS } from '../../shared/probe/failure-codes.js';
import type { Translate } from './error-text.js';

/**
 * The one place a check's failure reason, where it failed and a certificate's trust verdict become
 * words (texts in `probe:*`). The words are what a reader reads; the technical code (an
 * errno, a resolver's rcode, Node's verification error) may follow in small type for a search,
 * never alone. A code this console does not know (a newer agent) reads as the unknown text.
 */

export interface ReasonText {
  text: string;
  /** The most specific technical code, for small type beside the text; null when there is none. */
  code: string | null;
  /** Further technical detail that is not a code (a tool's output line), for a tooltip; else null. */
  detail: string | null;
}

export interface StoredFailure {
  code: string | null;
  detail?: string | null | undefined;
}

const KNOWN_FAILURES: ReadonlySet<string> = new Set(FAILURE_CODES);
const KNOWN_SOURCES: ReadonlySet<string> = new Set(FAILURE_SOURCES);
const KNOWN_TLS_ERRORS: ReadonlySet<string> = new Set(TLS_VERIFY_ERRORS);

/** An errno, an rcode, a parser or verifier code: one upper-case word (ECONNREFUSED, HPE_INVALID_CONSTANT, NXDOMAIN). */
const CODE_WORD = /^[A-Z][A-Z0-9_]{1,63}$/;
const HTTP_STATUS = /^[1-5]\d\d$/;

export const FAILURE_KEY_PREFIX = 'probe:failure.';
export const UNKNOWN_FAILURE_KEY = 'probe:unknownFailure';
export const NO_REASON_KEY = 'probe:noReason';
export const SOURCE_KEY_PREFIX = 'probe:source.';
export const TLS_KEY_PREFIX = 'probe:tls.';
export const UNKNOWN_TLS_KEY = 'probe:tls.unknown';

function failureWords(code: string, detail: string | null, t: Translate): string {
  if (code === 'http_status' && detail !== null && HTTP_STATUS.test(detail)) return t('probe:httpStatusOf', { status: detail });
  return t(KNOWN_FAILURES.has(code) ? `${FAILURE_KEY_PREFIX}${code}` : UNKNOWN_FAILURE_KEY);
}

/** Why a check failed, in words; the detail's code (ECONNREFUSED) in place of the agent's own word when it has one. */
export function failureReason(failure: StoredFailure | null, t: Translate): ReasonText {
  if (failure === null || failure.code === null) return { text: t(NO_REASON_KEY), code: null, detail: null };
  const detail = failure.detail?.trim() || null;
  const text = failureWords(failure.code, detail, t);
  // The status is already in the words ("HTTP error status 503"): repeating it in small type adds nothing.
  if (failure.code === 'http_status' && detail !== null && HTTP_STATUS.test(detail)) return { text, code: null, detail: null };
  if (detail !== null && (CODE_WORD.test(detail) || HTTP_STATUS.test(detail))) return { text, code: detail, detail: null };
  return { text, code: failure.code, detail };
}

/** Where the check failed (target, resolver, probe node) in words; null when it did not say. */
export function failureSourceText(source: string | null, t: Translate): string | null {
  if (source === null) return null;
  return t(`${SOURCE_KEY_PREFIX}${KNOWN_SOURCES.has(source) ? source : 'unknown'}`);
}

/** Whether a certificate chain verified for its name, in words; null when there was no TLS to judge. */
export function tlsVerdict(authorized: boolean | null, error: string | null, t: Translate): ReasonText | null {
  if (authorized === null) return null;
  if (authorized) return { text: t(`${TLS_KEY_PREFIX}trusted`), code: null, detail: null };
  const code = error?.trim() || null;
  const text = t(code !== null && KNOWN_TLS_ERRORS.has(code) ? `${TLS_KEY_PREFIX}${code}` : UNKNOWN_TLS_KEY);
  return { text, code, detail: null };
}

/** Every key these functions read, for the test that each has a text in every language. */
export function allProbeTextKeys(): string[] {
  return [
    ...FAILURE_CODES.map((code) => `${FAILURE_KEY_PREFIX}${code}`),
    UNKNOWN_FAILURE_KEY,
    NO_REASON_KEY,
    'probe:httpStatusOf',
    ...FAILURE_SOURCES.map((source) => `${SOURCE_KEY_PREFIX}${source}`),
    `${SOURCE_KEY_PREFIX}unknown`,
    ...TLS_VERIFY_ERRORS.map((error) => `${TLS_KEY_PREFIX}${error}`),
    `${TLS_KEY_PREFIX}trusted`,
    UNKNOWN_TLS_KEY,
  ];
}
