import { useTranslation } from 'react-i18next';
import { ExportButton as SharedExportButton, type ExportCount } from '../../../components/export-button.js';
import type { Translate } from '../../../lib/error-text.js';

interface ExportButtonProps {
  /** Writes and downloads the file of the list's current filters (exportTaskList, exportSslList). */
  onExport: (t: Translate) => Promise<ExportCount>;
  disabled: boolean;
}

/** Exports every task of the current filters (all pages, up to the cap) to an xlsx file. */
export function ExportButton({ onExport, disabled }: ExportButtonProps) {
  const { t, i18n } = useTranslation();
  return (
    <SharedExportButton
      onExport={() => onExport(t)}
      doneText={({ exported, total }) => {
        const number = new Intl.NumberFormat(i18n.language);
        return exported < total
          ? t('monitor:export.partial', { exported: number.format(exported), total: number.format(total) })
          : t('monitor:export.done', { count: exported });
      }}
      texts={{ button: t('monitor:export.button'), working: t('monitor:export.working'), failed: t('monitor:export.failed') }}
      disabled={disabled}
    />
  );
}
