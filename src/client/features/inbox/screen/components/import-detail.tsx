import { useTranslation } from 'react-i18next';
import { INBOX_STATUS, type InboxItem } from '../../../../../shared/index.js';
import { numberText } from '../../../../lib/number-text.js';
import { failedImportRowsOf, percentOf, type ProgressFreshness } from '../item-facts.js';
import { OutcomeFacts } from './detail-facts.js';
import { FailedRowsTable } from './failed-rows-table.js';

/**
 * A processing import: how far it is. Kept data (offline, a refresh that failed) says it is not
 * live and of when, and its bar is drawn grey, so an old number never reads as the import's state now.
 */
function ImportProgress({ data, freshness, updatedAt }: { data: InboxItem['data']; freshness: ProgressFreshness; updatedAt: number }) {
  const { t, i18n } = useTranslation();
  const percent = percentOf(data);
  const live = freshness === 'live';
  return (
    <section aria-labelledby="inbox-import-progress" data-progress={live ? 'live' : 'kept'}>
      <h3 id="inbox-import-progress" className="mb-2 text-sm font-semibold text-slate-900">
        {t('inboxscreen:import.progress')}
      </h3>
      <div role="progressbar" aria-labelledby="inbox-import-progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2.5 overflow-hidden rounded-full bg-slate-200">
        <div className={`h-full rounded-full ${live ? 'bg-brand-600' : 'bg-slate-400'}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {t('inboxscreen:import.processed', { processed: numberText(data.processed ?? 0), total: numberText(data.total ?? 0), percent: numberText(percent, 1) })}
      </p>
      <p className={`mt-1 text-xs ${live ? 'text-slate-500' : 'font-medium text-amber-800'}`}>
        {live ? t('inboxscreen:import.live') : t('inboxscreen:import.kept', { time: new Date(updatedAt).toLocaleString(i18n.language) })}
      </p>
    </section>
  );
}

function FailedRows({ item, full }: { item: InboxItem; full: boolean }) {
  const { t } = useTranslation();
  const rows = failedImportRowsOf(item.data);
  const failed = item.data.fail ?? rows.length;
  let content;
  if (failed === 0) content = <p className="text-sm text-slate-700">{t('inboxscreen:import.noFailedRows')}</p>;
  else if (!full) content = <p className="text-sm text-slate-700">{t('inboxscreen:import.failedRowsNeedConnection')}</p>;
  else content = <FailedRowsTable rows={rows} />;
  return (
    <section aria-labelledby="inbox-import-failed" className="mt-4">
      <h3 id="inbox-import-failed" className="mb-2 text-sm font-semibold text-slate-900">
        {t('inboxscreen:import.failedRows')}
      </h3>
      {content}
    </section>
  );
}

/** An import: its progress while processing; once finished its counts, time taken, end time and failed rows. */
export function ImportDetail({ item, full, freshness, updatedAt }: { item: InboxItem; full: boolean; freshness: ProgressFreshness; updatedAt: number }) {
  if (item.status === INBOX_STATUS.PROCESSING) return <ImportProgress data={item.data} freshness={freshness} updatedAt={updatedAt} />;
  return (
    <div>
      <OutcomeFacts data={item.data} prefix="inboxscreen:import" />
      <FailedRows item={item} full={full} />
    </div>
  );
}
