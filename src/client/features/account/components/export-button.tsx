import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type TranslogFilters } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { showSnackbar } from '../../../components/notification-store.js';
import { numberText } from '../../../lib/number-text.js';
import { exportTranslog } from '../translog-export.js';

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

/** Exports every transaction of the filters (not only the page shown) to an xlsx file; the spreadsheet library loads with the first press. */
export function TranslogExportButton({ filters, disabled }: { filters: TranslogFilters; disabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, markFailed] = useFailureNotice();
  const run = async () => {
    setBusy(true);
    try {
      const { exported, total } = await exportTranslog(filters, t);
      showSnackbar(exported < total ? t('account:export.partial', { exported: numberText(exported), total: numberText(total) }) : t('account:export.done', { count: exported }));
    } catch {
      markFailed();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="relative">
      <Button variant="secondary" onClick={() => void run()} disabled={disabled || busy} aria-busy={busy}>
        {busy ? t('account:export.working') : t('account:export.button')}
      </Button>
      {failed && (
        <p role="alert" className="absolute top-full right-0 z-10 mt-1 w-max max-w-64 rounded-md bg-red-600 px-3 py-1.5 text-sm text-white shadow">
          {t('account:export.failed')}
        </p>
      )}
    </div>
  );
}
