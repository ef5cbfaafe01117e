import { useTranslation } from 'react-i18next';
import type { TranslogFilters } from '../../../../shared/index.js';
import { ExportButton } from '../../../components/export-button.js';
import { numberText } from '../../../lib/number-text.js';
import { exportTranslog } from '../translog-export.js';

/** Exports every transaction of the filters (not only the page shown) to an xlsx file; the spreadsheet library loads with the first press. */
export function TranslogExportButton({ filters, disabled }: { filters: TranslogFilters; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <ExportButton
      onExport={() => exportTranslog(filters, t)}
      doneText={({ exported, total }) =>
        exported < total ? t('account:export.partial', { exported: numberText(exported), total: numberText(total) }) : t('account:export.done', { count: exported })
      }
      texts={{ button: t('account:export.button'), working: t('account:export.working'), failed: t('account:export.failed') }}
      disabled={disabled}
    />
  );
}
