import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InboxListAnswer } from '../../../../../shared/index.js';
import { Button } from '../../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../../components/list-states.js';
import { PagedResults } from '../../../../components/paged-results.js';
import { isFiltered, type InboxScreenView } from '../screen-view.js';
import { ScreenEntry, type ScreenEntryActions } from './screen-entry.js';
import type { ViewUpdate } from '../../../../lib/use-url-view.js';

interface ScreenListProps {
  query: UseQueryResult<InboxListAnswer>;
  view: InboxScreenView;
  onView: (update: ViewUpdate<InboxScreenView>) => void;
  actions: ScreenEntryActions;
}

function EmptyState({ view, onView }: { view: InboxScreenView; onView: (update: ViewUpdate<InboxScreenView>) => void }) {
  const { t } = useTranslation();
  const filtered = isFiltered(view);
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm text-slate-700">{t(filtered ? 'inboxscreen:emptyFiltered' : 'inboxscreen:empty')}</p>
      {filtered && (
        <Button variant="secondary" onClick={() => onView((latest) => ({ ...latest, type: null, status: null, page: 1 }))}>
          {t('inboxscreen:showAll')}
        </Button>
      )}
    </div>
  );
}

/** The page of messages: loading, failure (with retry), empty (saying whether the filters emptied it), or the entries and the pager. */
export function ScreenList({ query, view, onView, actions }: ScreenListProps) {
  const { t } = useTranslation();
  const { data, isPending, isError, isPlaceholderData, refetch } = query;
  if (isError && !data) return <ListLoadError text={t('inboxscreen:loadFailed')} onRetry={() => void refetch()} />;
  if (isPending) return <ListSkeleton />;
  if (data.total === 0) return <EmptyState view={view} onView={onView} />;
  return (
    <PagedResults
      stale={isPlaceholderData}
      page={view.page}
      pageSize={view.pageSize}
      total={data.total}
      totalText={(total) => t('inboxscreen:total', { total })}
      onPage={(page) => onView((latest) => ({ ...latest, page: Math.max(1, page) }))}
      onPageSize={(pageSize) => onView((latest) => ({ ...latest, pageSize, page: 1 }))}
    >
      <ul aria-label={t('inbox.title')} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        {data.list.map((item) => (
          <ScreenEntry key={item.sno} item={item} selected={item.sno === view.sno} actions={actions} />
        ))}
      </ul>
    </PagedResults>
  );
}
