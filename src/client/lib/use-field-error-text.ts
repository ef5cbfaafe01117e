import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './error-text.js';
import type { FieldErrorMap } from './field-errors.js';

/** Translated text of a field's error, for showing under the field. */
export function useFieldErrorText(errors: FieldErrorMap): (field: string) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (field: string) => {
      const error = errors[field];
      return error ? fieldErrorText(error, { t }) : undefined;
    },
    [errors, t],
  );
}
