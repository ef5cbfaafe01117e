import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button.js';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.js';
import { PageHeader } from '../../../components/page-header.js';
import { PagedResults } from '../../../components/paged-results.js';
import { useClampedPage } from '../../../lib/use-clamped-page.js';
import { translogQuery } from '../api.js';
import { useTranslogView } from '../hooks/use-translog-view.js';
import { ACCOUNT_PATH } from '../paths.js';
import { daysReversed, isFiltered, translogBodyOf, translogFiltersOf, withPage, type TranslogView } from '../translog-view.js';
import { TranslogExportButton } from './export-button.js';
import { TranslogFilterBar } from './translog-filters.js';
import { TranslogRows } from './translog-rows.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

const EMPTY_VIEW: TranslogView = { kind: null, fromDay: '', toDay: '', page: 1, pageSize: 10 };

function Empty({ view, onView }: { view: TranslogView; onView: (update: ViewUpdate<TranslogView>) => void }) {
  const { t } = useTranslation();
  if (!isFiltered(view)) return <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-sm text-slate-700">{t('account:translog.empty')}</p>;
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm text-slate-700">{t('account:translog.emptyFiltered')}</p>
      <Button variant="secondary" onClick={() => onView((latest) => ({ ...EMPTY_VIEW, pageSize: latest.pageSize }))}>
        {t('account:translog.clearFilters')}
      </Button>
    </div>
  );
}

function TranslogResults({ view, onView }: { view: TranslogView; onView: (update: ViewUpdate<TranslogView>) => void }) {
  const { t } = useTranslation();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({ ...translogQuery(translogBodyOf(view)), enabled: !daysReversed(view) });
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, onView, withPage);
  if (daysReversed(view)) return null;
  if (isError) return <ListLoadError text={t('account:translog.loadFailed')} onRetry={() => void refetch()} />;
  if (isPending) return <ListSkeleton />;
  if (data.total === 0) return <Empty view={view} onView={onView} />;
  return (
    <PagedResults
      stale={isPlaceholderData}
      page={view.page}
      pageSize={view.pageSize}
      total={data.total}
      totalText={(total) => t('account:translog.total', { total })}
      onPage={(page) => onView((latest) => withPage(latest, page))}
      onPageSize={(pageSize) => onView((latest) => ({ ...latest, pageSize, page: 1 }))}
    >
      <TranslogRows rows={data.list} />
    </PagedResults>
  );
}

/** /account/translog: every movement of the contract's points, newest first, filtered, paged and exported. */
export function TranslogPage() {
  const { t } = useTranslation();
  const [view, setView] = useTranslogView();
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={ACCOUNT_PATH} className="focus-ring rounded font-medium text-brand-700 hover:underline">
          ← {t('account:translog.backToAccount')}
        </Link>
      </p>
      <PageHeader title={t('routes.accountTranslog')}>
        <TranslogExportButton filters={translogFiltersOf(view)} disabled={daysReversed(view)} />
      </PageHeader>
      <TranslogFilterBar view={view} onView={setView} />
      <TranslogResults view={view} onView={setView} />
    </div>
  );
}
