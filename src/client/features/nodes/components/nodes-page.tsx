import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeListAnswer } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { PageHeader } from '../../../components/page-header.js';
import { nodeListQuery } from '../api.js';
import { useNodeListView } from '../hooks/use-node-list-view.js';
import { useNow } from '../hooks/use-now.js';
import {
  hasFilters,
  listBodyOf,
  pageCount,
  withFilter,
  withPage,
  withPageSize,
  withoutFilters,
  type NodeListView,
} from '../node-filters.js';
import { NodeListEmpty, NodeListError, NodeListSkeleton, NodeStatusLegend } from './list-states.js';
import { NodeFiltersBar } from './node-filters-bar.js';
import { NodeCards, NodeTable } from './node-table.js';
import { Pagination } from '../../../components/pagination.js';

/** Relative "last seen" texts are renewed this often. */
const CLOCK_TICK_MS = 15_000;

interface NodeResultsProps {
  answer: NodeListAnswer;
  view: NodeListView;
  onView: (view: NodeListView) => void;
  stale: boolean;
}

function NodeResults({ answer, view, onView, stale }: NodeResultsProps) {
  const { t } = useTranslation();
  const now = useNow(CLOCK_TICK_MS);
  if (answer.list.length === 0) {
    return <NodeListEmpty filtered={hasFilters(view)} onReset={() => onView(withoutFilters(view))} />;
  }
  return (
    <div aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <NodeTable nodes={answer.list} now={now} />
      <NodeCards nodes={answer.list} now={now} />
      <Pagination
        totalText={(total) => t('nodes.paging.total', { total })}
        page={view.page}
        pageSize={view.pageSize}
        total={answer.total}
        onPage={(page) => onView(withPage(view, page))}
        onPageSize={(pageSize) => onView(withPageSize(view, pageSize))}
      />
    </div>
  );
}

/** A page past the end (an old link, fewer nodes now) moves to the last page. */
function useClampedPage(view: NodeListView, total: number | undefined, setView: (view: NodeListView) => void) {
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, view.pageSize);
    if (view.page > last) setView(withPage(view, last));
  }, [view, total, setView]);
}

/** /nodes: the probe nodes with their status, filtered and paged through the URL (POST /nodes/list). */
export function NodesPage() {
  const { t } = useTranslation();
  const [view, setView] = useNodeListView();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(nodeListQuery(listBodyOf(view)));
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, setView);
  return (
    <div>
      <PageHeader title={t('routes.nodes')}>
        {hasFilters(view) && (
          <Button variant="secondary" onClick={() => setView(withoutFilters(view))}>
            {t('nodes.filters.reset')}
          </Button>
        )}
      </PageHeader>
      <NodeFiltersBar view={view} onFilterChange={(name, value) => setView(withFilter(view, name, value))} />
      {isError && <NodeListError onRetry={() => void refetch()} />}
      {!isError && isPending && <NodeListSkeleton />}
      {data && <NodeResults answer={data} view={view} onView={setView} stale={isPlaceholderData} />}
      <NodeStatusLegend />
    </div>
  );
}
