import { ApiError, type ApiFailure } from '../../lib/api-failure.js';
import type { Translate } from '../../lib/error-text.js';
import { FIELD_OF_CODE, formErrorsOf, type FormError, type FormErrors } from './form-body.js';
import type { TaskFormValues } from './form-values.js';

/**
 * What a refused save means for the form. Field errors go under their fields; the refusals that
 * concern the whole task get a clear text above the buttons. The form keeps every value either way.
 */
export type SaveProblem =
  | { kind: 'points' }
  | { kind: 'deploying' }
  | { kind: 'notFound' }
  | { kind: 'unchanged' }
  | { kind: 'other'; failure: ApiFailure | null };

export interface SaveFailure {
  fields: FormErrors;
  problem: SaveProblem | null;
}

const PROBLEM_OF_CODE: Readonly<Partial<Record<number, SaveProblem>>> = {
  2111: { kind: 'points' },
  2131: { kind: 'deploying' },
  2127: { kind: 'notFound' },
};

const BAD_PARAMETER = 1001;
const PRIVATE_TARGET = 2140;

/**
 * 2140 goes under the field holding the private target (the domain, or the DNS server it names),
 * with the nodes that may probe it when the server named any (the message).
 */
function privateTargetFields(failure: Extract<ApiFailure, { kind: 'envelope' }>, values: TaskFormValues): FormErrors {
  const nodes: Record<string, string> = failure.message === '' ? {} : { context: 'nodes', nodes: failure.message };
  const fields: FormErrors = {};
  for (const [field, error] of Object.entries(formErrorsOf(failure.errors, values).fields)) {
    fields[field as keyof FormErrors] = { code: PRIVATE_TARGET, params: { ...error.params, ...nodes } };
  }
  if (Object.keys(fields).length > 0) return fields;
  return { [FIELD_OF_CODE[PRIVATE_TARGET] ?? 'domain']: { code: PRIVATE_TARGET, params: nodes } };
}

export function saveFailureOf(error: unknown, values: TaskFormValues): SaveFailure {
  if (!(error instanceof ApiError)) return { fields: {}, problem: { kind: 'other', failure: null } };
  const { failure } = error;
  if (failure.kind !== 'envelope') return { fields: {}, problem: { kind: 'other', failure } };
  const code = Number(failure.code);
  if (code === BAD_PARAMETER) {
    const placed = formErrorsOf(failure.errors, values);
    const placedAll = placed.unplaced.length === 0 && Object.keys(placed.fields).length > 0;
    return { fields: placed.fields, problem: placedAll ? null : { kind: 'other', failure } };
  }
  if (code === PRIVATE_TARGET) return { fields: privateTargetFields(failure, values), problem: null };
  const field = FIELD_OF_CODE[code];
  if (field !== undefined) return { fields: { [field]: { code } }, problem: null };
  return { fields: {}, problem: PROBLEM_OF_CODE[code] ?? { kind: 'other', failure } };
}

/**
 * The text under a field: the catalogue's text for its code, naming the line of a matching IP or
 * the entry (DNS server, tag) it is about.
 */
export function formErrorText(error: FormError, t: Translate): string {
  const params = error.params ?? {};
  const text = t(`errors:${error.code}`, params);
  if (params.line !== undefined) return t('taskform:errors.line', { line: params.line, text });
  if (params.entry !== undefined) return t('taskform:errors.entry', { entry: params.entry, text });
  return text;
}
