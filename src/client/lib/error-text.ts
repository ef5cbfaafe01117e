import type { FieldError } from '../../shared/index.js';
import type { ApiFailure } from './api-failure.js';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Translator {
  t: Translate;
  exists: (key: string) => boolean;
}

/** Codes whose text stands alone: the server message is not appended (§8). */
const STANDALONE_CODES = new Set([1002, 1003]);
const BAD_PARAMETER = 1001;

function numericCode(code: number | string): number | null {
  if (typeof code === 'number') return code;
  return /^\d+$/.test(code) ? Number(code) : null;
}

function codeText(code: number, { t, exists }: Translator): string | null {
  const key = `errors:${code}`;
  return exists(key) ? t(key) : null;
}

function fieldLabel(field: string, { t, exists }: Translator): string {
  const key = `common:fields.${field}`;
  return exists(key) ? t(key) : field;
}

/** The text of one field error, without the field name (shown under its field); a `kind` picks the text's variant. */
export function fieldErrorText(error: Pick<FieldError, 'code' | 'params'>, { t }: Pick<Translator, 't'>): string {
  const params = error.params ?? {};
  return t(`errors:${error.code}`, { ...params, context: params.kind });
}

function firstFieldErrorText(error: FieldError, translator: Translator): string {
  // No field: the error is about the request as a whole (its size, its headers).
  if (error.field === '') return fieldErrorText(error, translator);
  return translator.t('common:errorText.field', {
    field: fieldLabel(error.field, translator),
    text: fieldErrorText(error, translator),
  });
}

function envelopeText(failure: Extract<ApiFailure, { kind: 'envelope' }>, translator: Translator): string {
  const { t } = translator;
  const { code, message, errors } = failure;
  if (code === null || code === '') return t('errors:500');
  const numeric = numericCode(code);
  if (numeric === null) return t('common:errorText.codeWithMessage', { code, message });
  const first = errors[0];
  if (numeric === BAD_PARAMETER && first) return firstFieldErrorText(first, translator);
  const text = codeText(numeric, translator);
  if (text === null) return message ? t('common:errorText.codeWithMessage', { code, message }) : t('errors:500');
  if (STANDALONE_CODES.has(numeric) || message === '' || message === text) return text;
  return t('common:errorText.withMessage', { text, message });
}

function httpText(status: number, translator: Translator): string {
  return codeText(status, translator) ?? translator.t('common:errorText.http', { status });
}

/** The notification text of a failed call (§8). */
export function errorText(failure: ApiFailure, translator: Translator): string {
  switch (failure.kind) {
    case 'envelope':
      return envelopeText(failure, translator);
    case 'http':
      return httpText(failure.httpStatus, translator);
    case 'timeout':
      return translator.t('errors:504');
    case 'network':
      // Nothing answered: "system busy" would blame a server that never heard the call.
      return translator.t('common:errorText.unreachable');
  }
}
