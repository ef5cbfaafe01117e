import { useTranslation } from 'react-i18next';
import type { DomainListAnswer, ListSortField } from '../../../../shared/index.js';
import { PagedResults } from '../../../components/paged-results.js';
import type { Selection } from '../hooks/use-selection.js';
import { useWideScreen } from '../hooks/use-wide-screen.js';
import { withPage, withPageSize, withSort, type MonitorListView } from '../list-view.js';
import type { RowActions } from './task-cells.js';
import { TaskCards } from './task-cards.js';
import { TaskTable } from './task-table.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

interface TaskResultsProps {
  answer: DomainListAnswer;
  view: MonitorListView;
  onView: (update: ViewUpdate<MonitorListView>) => void;
  selection: Selection;
  actions: RowActions;
  stale: boolean;
}

/** One page of tasks as a table (wide) or cards (narrow), and the pager. */
export function TaskResults({ answer, view, onView, selection, actions, stale }: TaskResultsProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const onSort = (field: ListSortField) => onView((latest) => withSort(latest, field));
  const Rows = wide ? TaskTable : TaskCards;
  return (
    <PagedResults
      stale={stale}
      totalText={(total) => t('monitor:paging.total', { total })}
      page={view.page}
      pageSize={view.pageSize}
      total={answer.total}
      onPage={(page) => onView((latest) => withPage(latest, page))}
      onPageSize={(pageSize) => onView((latest) => withPageSize(latest, pageSize))}
    >
      <Rows rows={answer.list} view={view} selection={selection} actions={actions} onSort={onSort} />
    </PagedResults>
  );
}
