import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useImportActivity } from '../../../lib/import-activity.js';
import { percentText } from '../percent-text.js';

/**
 * Above the task screens while an import is processing: how far it is, and that task changes wait
 * for it (the 2105 text, which the disabled controls give as their reason too).
 */
export function ImportLockBanner() {
  const { t } = useTranslation();
  const activity = useImportActivity();
  if (activity === null) return null;
  const percent = activity.progress ? percentText(activity.progress.percent) : null;
  const reason = t('errors:2105');
  return (
    <div role="note" data-import-lock className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <p>{percent === null ? t('common:importWatch.lock.starting', { reason }) : t('common:importWatch.lock.running', { percent, reason })}</p>
      <Link to="/monitor/import" className="focus-ring rounded font-medium text-amber-900 underline">
        {t('common:importWatch.lock.view')}
      </Link>
    </div>
  );
}
