import { useTranslation } from 'react-i18next';
import type { DomainListAnswer, ListSortField } from '../../../../shared/index.js';
import type { Selection } from '../hooks/use-selection.js';
import { useWideScreen } from '../hooks/use-wide-screen.js';
import { withPage, withPageSize, withSort, type MonitorListView } from '../list-view.js';
import { Pagination } from '../../../components/pagination.js';
import type { RowActions } from './task-cells.js';
import { TaskCards } from './task-cards.js';
import { TaskTable } from './task-table.js';

interface TaskResultsProps {
  answer: DomainListAnswer;
  view: MonitorListView;
  onView: (view: MonitorListView) => void;
  selection: Selection;
  actions: RowActions;
  stale: boolean;
}

/** One page of tasks as a table (wide) or cards (narrow), and the pager. */
export function TaskResults({ answer, view, onView, selection, actions, stale }: TaskResultsProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const onSort = (field: ListSortField) => onView(withSort(view, field));
  const Rows = wide ? TaskTable : TaskCards;
  return (
    <div aria-busy={stale} className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <Rows rows={answer.list} view={view} selection={selection} actions={actions} onSort={onSort} />
      <Pagination
        totalText={(total) => t('monitor:paging.total', { total })}
        page={view.page}
        pageSize={view.pageSize}
        total={answer.total}
        onPage={(page) => onView(withPage(view, page))}
        onPageSize={(pageSize) => onView(withPageSize(view, pageSize))}
      />
    </div>
  );
}
