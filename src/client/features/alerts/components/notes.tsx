import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleFormError } from '../rule-form.js';

/** Administrator view or a view-only alert privilege: everything shows, no change is offered. */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <p role="note" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {t('alerts:readOnly')}
    </p>
  );
}

/** A problem above a form's buttons or inside a section. */
export function ProblemNote({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}

/** Codes whose catalogue text would mislead on these screens (a ratio the form shows in percent; a taken name). */
const OWN_TEXT_CODES = new Set([2014, 2603, 2604, 2605]);

/** The text under a field: the screen's own words for some codes, the catalogue's for the rest. */
export function useRuleErrorText(): (error: RuleFormError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error) return undefined;
    return OWN_TEXT_CODES.has(error.code) ? t(`alerts:codes.${error.code}`, error.params ?? {}) : t(`errors:${error.code}`, error.params ?? {});
  };
}
