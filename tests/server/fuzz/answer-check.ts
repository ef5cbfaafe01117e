import type { LightMyRequestResponse } from 'fastify';
import { FIELD_ERRORS_MAX } from '../../../src/shared/envelope.js';
import { errorName, httpStatusOf, isErrorCode, isInputErrorCode, type ErrorCode } from '../../../src/shared/errors.js';

/**
 * What a fuzzed answer must be: below 500; a download (an `answersFile` call's success) or the
 * envelope `{status, code, name, message, data}`; a refusal with a catalogue code, its name and
 * the HTTP status the catalogue gives it, a 1001 with 1..20 field errors of inner catalogue codes.
 */

export type Verdict = { kind: 'accepted' } | { kind: 'refused'; code: number } | { kind: 'server_error' | 'not_catalogue'; problem: string };

/** Where a refusal travels with another status than the catalogue's, and why (src/server/http/error-mapper.ts). */
const OTHER_STATUSES: Partial<Record<ErrorCode, readonly number[]>> = {
  // 413: a body over the limit (or an upload with too many parts); 414: an overlong path parameter.
  1001: [413, 414],
};

const ENVELOPE_KEYS = 'code,data,message,name,status';

function refusalProblem(response: LightMyRequestResponse, json: Record<string, unknown>): string | undefined {
  const { code } = json;
  if (!isErrorCode(code)) return `code ${String(code)} is not in the catalogue`;
  if (json.name !== errorName(code)) return `name ${String(json.name)} is not ${errorName(code)}`;
  const statuses = [httpStatusOf(code), ...(OTHER_STATUSES[code] ?? [])];
  if (!statuses.includes(response.statusCode)) return `HTTP ${response.statusCode} for ${code} (catalogue: ${httpStatusOf(code)})`;
  if (code !== 1001) return undefined;
  const errors = (json.data as { errors?: { code: unknown }[] } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0 || errors.length > FIELD_ERRORS_MAX) return `1001 with ${errors?.length ?? 'no'} field errors`;
  const odd = errors.find((error) => !isInputErrorCode(error.code));
  return odd ? `1001 with inner code ${String(odd.code)}` : undefined;
}

function parsed(body: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(body);
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function verdictOf(response: LightMyRequestResponse): Verdict {
  if (response.statusCode >= 500) return { kind: 'server_error', problem: `HTTP ${response.statusCode}` };
  const download = response.statusCode === 200 && String(response.headers['content-disposition']).startsWith('attachment;');
  if (download) return { kind: 'accepted' };
  const json = parsed(response.body);
  if (!json || Object.keys(json).sort().join(',') !== ENVELOPE_KEYS) return { kind: 'not_catalogue', problem: `HTTP ${response.statusCode}, not the envelope` };
  if (json.status === true) return { kind: 'accepted' };
  const problem = refusalProblem(response, json);
  return problem === undefined ? { kind: 'refused', code: json.code as number } : { kind: 'not_catalogue', problem };
}
