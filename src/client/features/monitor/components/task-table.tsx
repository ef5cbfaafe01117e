import type { DomainListRow, ListSortField, ServiceStatus } from '../../../../shared/index.js';
import type { Selection } from '../hooks/use-selection.js';
import type { MonitorListView } from '../list-view.js';
import { detailPathOf, editPathOf, targetTextOf } from '../../../lib/task-paths.js';
import { AvailabilityFigure, ResponseFigure, ServiceStatusBadge } from './service-status.js';
import { DeployStatusButton, EditLink, FrequencyText, NameLink, StatusSwitch, TargetText, type RowActions } from './task-cells.js';
import { TaskRowsTable, type TaskRowsShellProps, type TaskListLayout } from './task-rows.js';

export interface TaskRowsProps {
  rows: readonly DomainListRow[];
  view: MonitorListView;
  selection: Selection;
  actions: RowActions;
  onSort: (field: ListSortField) => void;
}

const statusOf = (row: DomainListRow) => row.serviceStatus as ServiceStatus;

/** The task list's columns, and the card's facts (availability and response first: they are what a glance looks for). */
export function taskLayout(caption: string, actions: RowActions): TaskListLayout<DomainListRow, ListSortField> {
  const { texts } = actions;
  const { t } = texts;
  return {
    caption,
    columns: [
      { id: 'name', header: t('monitor:columns.name'), sortField: 'name', cell: (row) => <NameLink to={detailPathOf(row.type, row.id)} name={row.name} /> },
      { id: 'target', header: t('monitor:columns.target'), cell: (row) => <TargetText text={targetTextOf(row)} /> },
      { id: 'frequency', header: t('monitor:columns.frequency'), cell: (row) => <FrequencyText minutes={row.frequencyMinutes} t={t} /> },
      { id: 'status', header: t('monitor:columns.status'), cell: (row) => <StatusSwitch row={row} actions={actions} t={t} /> },
      {
        id: 'availability',
        header: t('monitor:columns.availability'),
        sortField: 'availability',
        cell: (row) => <AvailabilityFigure availabilityPercent={row.availabilityPercent} status={statusOf(row)} texts={texts} />,
      },
      {
        id: 'responseTime',
        header: t('monitor:columns.responseTime'),
        sortField: 'responseTime',
        cell: (row) => <ResponseFigure avgResponseMs={row.avgResponseMs} status={statusOf(row)} texts={texts} />,
      },
      { id: 'deploy', header: t('monitor:columns.deploy'), cell: (row) => <DeployStatusButton row={row} actions={actions} t={t} /> },
      {
        id: 'actions',
        header: t('monitor:columns.actions'),
        hiddenHeader: true,
        cell: (row) => (actions.readOnly ? null : <EditLink to={editPathOf(row.type, row.id)} name={row.name} t={t} />),
      },
    ],
    cardSubtitle: 'target',
    cardFacts: ['availability', 'responseTime', 'frequency', 'deploy'],
    cardFooter: ['status', 'actions'],
    cardBadge: (row) => <ServiceStatusBadge status={statusOf(row)} texts={texts} />,
  };
}

/** The shared list shell's props for a page of tasks. */
export function taskRowsOf({ rows, view, selection, actions, onSort }: TaskRowsProps): TaskRowsShellProps<DomainListRow, ListSortField> {
  const { t } = actions.texts;
  return { layout: taskLayout(t('monitor:list.caption'), actions), rows, view, onSort, selection, readOnly: actions.readOnly, onOpen: actions.onOpen, t };
}

/** Wide screens: one row per task; the name and every control are reachable by keyboard. */
export function TaskTable(props: TaskRowsProps) {
  return <TaskRowsTable {...taskRowsOf(props)} />;
}
