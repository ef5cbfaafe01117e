import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/index.js';
import { SelectionBar as BatchBar } from '../../../components/selection-bar.js';
import type { Selection } from '../hooks/use-selection.js';

/** How many tasks are chosen for bulk delete, the batch maximum, and the delete and clear actions. */
export function SelectionBar({ selection, onDelete }: { selection: Selection; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <BatchBar
      selection={selection}
      max={LIMITS.bulkDeleteMax}
      onDelete={onDelete}
      taskChange
      textsOf={({ count, shown, max }) => ({
        region: t('monitor:select.label'),
        count: t('monitor:select.count', { count, shown }),
        max: t('monitor:select.max', { max }),
        clear: t('monitor:select.clear'),
        delete: t('monitor:delete.button'),
      })}
    />
  );
}
