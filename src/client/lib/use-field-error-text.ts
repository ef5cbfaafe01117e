import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorMap } from './field-errors.js';

/** Translated text of a field's error, for showing under the field. */
export function useFieldErrorText(errors: FieldErrorMap): (field: string) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (field: string) => {
      const error = errors[field];
      return error ? t(`errors:${error.code}`, error.params ?? {}) : undefined;
    },
    [errors, t],
  );
}
