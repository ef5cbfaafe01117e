import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { showSnackbar } from '../../../components/notification-store.js';
import type { Translate } from '../../../lib/error-text.js';
import type { ExportCount } from '../export-list.js';

/** §8: an export that fails says so for 3 s, beside the button. */
function useFailureNotice(): [boolean, () => void] {
  const [failedAt, setFailedAt] = useState<number | null>(null);
  useEffect(() => {
    if (failedAt === null) return;
    const timer = window.setTimeout(() => setFailedAt(null), LIMITS.exportFailedNoticeMs);
    return () => window.clearTimeout(timer);
  }, [failedAt]);
  return [failedAt !== null, () => setFailedAt(Date.now())];
}

interface ExportButtonProps {
  /** Writes and downloads the file of the list's current filters (exportTaskList, exportSslList). */
  onExport: (t: Translate) => Promise<ExportCount>;
  disabled: boolean;
}

/** Exports every task of the current filters (all pages, up to the cap) to an xlsx file. */
export function ExportButton({ onExport, disabled }: ExportButtonProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, markFailed] = useFailureNotice();
  const run = async () => {
    setBusy(true);
    try {
      const { exported, total } = await onExport(t);
      const number = new Intl.NumberFormat(i18n.language);
      showSnackbar(
        exported < total
          ? t('monitor:export.partial', { exported: number.format(exported), total: number.format(total) })
          : t('monitor:export.done', { count: exported }),
      );
    } catch {
      markFailed();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="relative">
      <Button variant="secondary" onClick={() => void run()} disabled={disabled || busy} aria-busy={busy}>
        {busy ? t('monitor:export.working') : t('monitor:export.button')}
      </Button>
      {failed && (
        <p role="alert" className="absolute top-full right-0 z-10 mt-1 w-max max-w-64 rounded-md bg-red-600 px-3 py-1.5 text-sm text-white shadow">
          {t('monitor:export.failed')}
        </p>
      )}
    </div>
  );
}
