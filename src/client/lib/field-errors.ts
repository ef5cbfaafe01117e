import type { FieldError } from '../../shared/index.js';

export type FieldErrorMap = Partial<Record<string, FieldError>>;

/** The first error of each field, the one shown under it. */
export function fieldErrorMap(errors: readonly FieldError[]): FieldErrorMap {
  const map: FieldErrorMap = {};
  for (const error of errors) map[error.field] ??= error;
  return map;
}
