import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportProgress } from '../../shared/calls/domain-import.js';
import type { NetworkGate } from './offline/network-gate.js';

/**
 * The customer's import that is processing (§4 import task), as the session layout follows it
 * (features/import: `useImportWatch`): its sno and its last progress, null before the first poll
 * answered. While there is one, the server refuses every task change with 2105.
 */
export interface ImportActivity {
  sno: string;
  progress: ImportProgress | null;
}

export const ImportActivityContext = createContext<ImportActivity | null>(null);

/** The import processing now, or null: what the lock banner, the task controls and the import screen show. */
export function useImportActivity(): ImportActivity | null {
  return useContext(ImportActivityContext);
}

/** For a control that changes monitor tasks: blocked with the 2105 text while an import is processing. */
export function useImportGate(taskChange: boolean): NetworkGate {
  const { t } = useTranslation();
  const activity = useImportActivity();
  if (!taskChange || activity === null) return { blocked: false, reason: null };
  return { blocked: true, reason: t('errors:2105') };
}
