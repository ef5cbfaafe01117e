import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NodeListAnswer } from '../../../../shared/index.js';
import { Button } from '../../../components/button.js';
import { PagedResults } from '../../../components/paged-results.js';
import { PageHeader } from '../../../components/page-header.js';
import { useClampedPage } from '../../../lib/use-clamped-page.js';
import { nodeListQuery } from '../api.js';
import { useNodeListView } from '../hooks/use-node-list-view.js';
import { useNow } from '../hooks/use-now.js';
import {
  hasFilters,
  listBodyOf,
  withFilter,
  withPage,
  withPageSize,
  withoutFilters,
  type NodeListView,
} from '../node-filters.js';
import { NodeListEmpty, NodeListError, NodeListSkeleton, NodeStatusLegend } from './list-states.js';
import { NodeFiltersBar } from './node-filters-bar.js';
import { NodeCards, NodeTable } from './node-table.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

/** Relative "last seen" texts are renewed this often. */
const CLOCK_TICK_MS = 15_000;

interface NodeResultsProps {
  answer: NodeListAnswer;
  view: NodeListView;
  onView: (update: ViewUpdate<NodeListView>) => void;
  stale: boolean;
}

function NodeResults({ answer, view, onView, stale }: NodeResultsProps) {
  const { t } = useTranslation();
  const now = useNow(CLOCK_TICK_MS);
  if (answer.list.length === 0) {
    return <NodeListEmpty filtered={hasFilters(view)} onReset={() => onView((latest) => withoutFilters(latest))} />;
  }
  return (
    <PagedResults
      stale={stale}
      totalText={(total) => t('nodes:paging.total', { total })}
      page={view.page}
      pageSize={view.pageSize}
      total={answer.total}
      onPage={(page) => onView((latest) => withPage(latest, page))}
      onPageSize={(pageSize) => onView((latest) => withPageSize(latest, pageSize))}
    >
      <NodeTable nodes={answer.list} now={now} />
      <NodeCards nodes={answer.list} now={now} />
    </PagedResults>
  );
}

/** /nodes: the probe nodes with their status, filtered and paged through the URL (POST /nodes/list). */
export function NodesPage() {
  const { t } = useTranslation();
  const [view, setView] = useNodeListView();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(nodeListQuery(listBodyOf(view)));
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, setView, withPage);
  return (
    <div>
      <PageHeader title={t('routes.nodes')}>
        {hasFilters(view) && (
          <Button variant="secondary" onClick={() => setView((latest) => withoutFilters(latest))}>
            {t('nodes:filters.reset')}
          </Button>
        )}
      </PageHeader>
      <NodeFiltersBar view={view} onFilterChange={(name, value) => setView((latest) => withFilter(latest, name, value))} />
      {isError && <NodeListError onRetry={() => void refetch()} />}
      {!isError && isPending && <NodeListSkeleton />}
      {data && <NodeResults answer={data} view={view} onView={setView} stale={isPlaceholderData} />}
      <NodeStatusLegend />
    </div>
  );
}
