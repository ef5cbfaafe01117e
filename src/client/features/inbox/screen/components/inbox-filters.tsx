import { useTranslation } from 'react-i18next';
import { INBOX_TYPES, type InboxStatus, type InboxType } from '../../../../../shared/index.js';
import { LabelledSelect } from '../../../../components/labelled-select.js';
import { INBOX_STATUSES, type InboxScreenView } from '../screen-view.js';
import type { ViewUpdate } from '../../../../lib/use-url-view.js';

/** Type and status: a change goes back to page 1 and keeps the open item. */
export function InboxFilters({ view, onView }: { view: InboxScreenView; onView: (update: ViewUpdate<InboxScreenView>) => void }) {
  const { t } = useTranslation();
  const set = (change: Partial<InboxScreenView>) => onView((latest) => ({ ...latest, ...change, page: 1 }));
  return (
    <div role="group" aria-label={t('inboxscreen:filters')} className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:max-w-md">
      <LabelledSelect
        label={t('inboxscreen:type')}
        value={view.type ?? ''}
        anyLabel={t('inboxscreen:anyType')}
        options={INBOX_TYPES.map((type) => ({ value: type, label: t(`inboxscreen:types.${type}`) }))}
        onChange={(type) => set({ type: type === '' ? null : (type as InboxType) })}
      />
      <LabelledSelect
        label={t('inboxscreen:status')}
        value={view.status === null ? '' : String(view.status)}
        anyLabel={t('inboxscreen:anyStatus')}
        options={INBOX_STATUSES.map((status) => ({ value: String(status), label: t(`inbox.status.${status}`) }))}
        onChange={(status) => set({ status: status === '' ? null : (Number(status) as InboxStatus) })}
      />
    </div>
  );
}
