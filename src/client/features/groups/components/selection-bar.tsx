import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import type { Selection } from '../hooks/use-selection.js';
import { BATCH_MAX } from '../selection.js';
import { DangerButton } from './danger-button.js';

/** How many rows are chosen for bulk delete, the batch maximum, and the delete and clear actions. */
export function SelectionBar({ selection, onDelete }: { selection: Selection; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const count = selection.selected.size;
  if (count === 0) return null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div role="region" aria-label={t('groups:select.label')} className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2">
      <p aria-live="polite" className="text-sm text-slate-800">
        {t('groups:select.count', { count: number.format(count) })}
        {selection.full && <span className="ml-2 text-slate-600">{t('groups:select.max', { max: number.format(BATCH_MAX) })}</span>}
      </p>
      <div className="ml-auto flex gap-2">
        <Button variant="secondary" onClick={() => selection.clear()}>
          {t('groups:select.clear')}
        </Button>
        <DangerButton onClick={onDelete}>{t('groups:actions.deleteSelected')}</DangerButton>
      </div>
    </div>
  );
}
