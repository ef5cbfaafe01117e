import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '../../../../../shared/index.js';
import { useGatedControl } from '../../../../components/button.js';
import { PageHeader } from '../../../../components/page-header.js';
import { useClampedPage } from '../../../../lib/use-clamped-page.js';
import { MarkButton } from '../../components/mark-button.js';
import { useMarkRead } from '../../use-mark-read.js';
import { inboxPageQuery } from '../screen-api.js';
import { inboxPageBodyOf, type InboxScreenView } from '../screen-view.js';
import { useInboxView } from '../use-inbox-view.js';
import { InboxFilters } from './inbox-filters.js';
import { ItemDetail } from './item-detail.js';
import { ScreenList } from './screen-list.js';
import type { ScreenEntryActions } from './screen-entry.js';
import type { ViewUpdate } from '../../../../lib/use-url-view.js';

const withPage = (view: InboxScreenView, page: number): InboxScreenView => ({ ...view, page: Math.max(1, page) });

function HeaderActions({ unread, readOnly, onMarkAll }: { unread: number; readOnly: boolean; onMarkAll: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 text-sm text-slate-700">
      <span>{t('inboxscreen:unread', { count: unread })}</span>
      {!readOnly && unread > 0 && <MarkButton onMark={onMarkAll}>{t('inbox.markAllRead')}</MarkButton>}
    </div>
  );
}

/** Opening an item or following its link marks it read, where changes can be sent. */
function useEntryActions(view: InboxScreenView, onView: (update: ViewUpdate<InboxScreenView>) => void, readOnly: boolean, detailId: string): ScreenEntryActions {
  const markRead = useMarkRead();
  const gate = useGatedControl();
  const readIfUnread = (item: InboxItem) => {
    if (!item.read && !readOnly && !gate.blocked) markRead.mutate({ snos: [item.sno] });
  };
  return {
    readOnly,
    detailId,
    select: (item) => {
      onView((latest) => ({ ...latest, sno: latest.sno === item.sno ? null : item.sno }));
      if (view.sno !== item.sno) readIfUnread(item);
    },
    markRead: (sno) => markRead.mutate({ snos: [sno] }),
    follow: readIfUnread,
  };
}

/**
 * /inbox: every message, newest first, filtered by type and status and paged (all in the URL);
 * `?sno=` opens one item's detail. `readOnly` (an administrator viewing a customer) reads without marking.
 */
export function InboxPage({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const [view, setView] = useInboxView();
  const detailId = useId();
  const query = useQuery(inboxPageQuery(inboxPageBodyOf(view)));
  useClampedPage(view, query.isPlaceholderData ? undefined : query.data?.total, setView, withPage);
  const markRead = useMarkRead();
  const actions = useEntryActions(view, setView, readOnly, detailId);
  const closeDetail = (sno: string | null) => {
    setView((latest) => ({ ...latest, sno: null }));
    // Focus goes back to the entry whose detail was open (when it is on this page).
    if (sno !== null) document.querySelector<HTMLElement>(`[data-inbox-sno="${CSS.escape(sno)}"] button[aria-expanded]`)?.focus();
  };
  const listed = view.sno === null ? undefined : query.data?.list.find((item) => item.sno === view.sno);
  return (
    <div>
      <PageHeader title={t('routes.inbox')}>
        {query.data && <HeaderActions unread={query.data.unread} readOnly={readOnly} onMarkAll={() => markRead.mutate('all')} />}
      </PageHeader>
      <InboxFilters view={view} onView={setView} />
      <div className={`flex flex-col gap-4 ${view.sno === null ? '' : 'lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start'}`}>
        {view.sno !== null && (
          <div className="lg:order-2">
            <ItemDetail id={detailId} sno={view.sno} listed={listed} onClose={() => closeDetail(view.sno)} />
          </div>
        )}
        <div className="min-w-0 lg:order-1">
          <ScreenList query={query} view={view} onView={setView} actions={actions} />
        </div>
      </div>
    </div>
  );
}
