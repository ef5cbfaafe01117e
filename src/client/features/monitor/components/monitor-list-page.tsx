import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClampedPage } from '../../../lib/use-clamped-page.js';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ENABLE_STATUS } from '../../../../shared/index.js';
import { importSheetOfType } from '../../../../shared/import/template.js';
import { Button, NetworkLink } from '../../../components/button.js';
import { PageHeader } from '../../../components/page-header.js';
import { taskListQuery } from '../api.js';
import { useListView } from '../hooks/use-list-view.js';
import { useRowTexts } from '../hooks/use-row-texts.js';
import { useSelection } from '../hooks/use-selection.js';
import { useDeployLink } from '../hooks/use-deploy-link.js';
import { useTaskActions } from '../hooks/use-task-actions.js';
import { exportTaskList } from '../export-list.js';
import {
  hasFilters,
  listBodyOf,
  withFilter,
  withKeyword,
  withPage,
  withRefresh,
  withSort,
  withTime,
  withoutFilters,
  type MonitorListView,
} from '../list-view.js';
import { createPathOf, detailPathOf } from '../../../lib/task-paths.js';
import type { ListableType } from '../monitor-types.js';
import { DeleteDialog } from './delete-dialog.js';
import { DeployDialog, type DeployTask } from './deploy-dialog.js';
import { ExportButton } from './export-button.js';
import { ListFilters } from './list-filters.js';
import { TaskListEmpty, TaskListError, TaskListSkeleton } from './list-states.js';
import { SelectionBar } from './selection-bar.js';
import type { RowActions } from './task-cells.js';
import { TaskResults } from './task-results.js';
import { TimeControls } from './time-controls.js';
import { CoveredNote } from '../../../components/covered-note.js';
import { useScreenPicture } from '../../../lib/offline/use-screen-picture.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

/**
 * The list has no answer yet: loading, or (paused) offline with this view not saved on the device,
 * where a skeleton would wait forever.
 */
export function TaskListWaiting({ paused }: { paused: boolean }) {
  const { t } = useTranslation();
  if (!paused) return <TaskListSkeleton />;
  return (
    <p role="status" className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-700">
      {t('offline.notSaved')}
    </p>
  );
}

/** Rows drawn from the view's own answer (not a placeholder): what the next cold start may paint at once. */
const showsOwnRows = (list: { data?: { list: readonly unknown[] } | undefined; isPlaceholderData: boolean }) =>
  (list.data?.list.length ?? 0) > 0 && !list.isPlaceholderData;

export interface MonitorTaskListProps {
  type: ListableType;
  /** Administrator view or a view-only privilege: no selection, switches, rebuild, edit or create. */
  readOnly: boolean;
}

function useRowActions(type: ListableType, readOnly: boolean, list: Parameters<typeof useDeployLink>[0]) {
  const actions = useTaskActions(type);
  const navigate = useNavigate();
  const texts = useRowTexts();
  const [deployTask, setDeployTask] = useState<DeployTask | null>(null);
  const forgetDeployLink = useDeployLink(list, setDeployTask);
  const rowActions: RowActions = {
    readOnly,
    onToggleStatus: (row) =>
      actions.setStatus.mutate({ id: row.id, status: row.status === ENABLE_STATUS.ENABLED ? ENABLE_STATUS.DISABLED : ENABLE_STATUS.ENABLED }),
    onOpenDeploy: setDeployTask,
    pendingStatusId: actions.setStatus.isPending ? (actions.setStatus.variables?.id ?? null) : null,
    onOpen: (row) => void navigate(detailPathOf(row.type, row.id)),
    texts,
  };
  const closeDeploy = () => {
    setDeployTask(null);
    forgetDeployLink();
  };
  return { actions, rowActions, deployTask, closeDeploy };
}

/** The bulk import of tasks of types 1-5 (its own screen). */
const IMPORT_PATH = '/monitor/import';

interface ListHeaderProps {
  type: ListableType;
  view: MonitorListView;
  setView: (update: ViewUpdate<MonitorListView>) => void;
  total: number | undefined;
  createPath: string | null;
}

function ListHeader({ type, view, setView, total, createPath }: ListHeaderProps) {
  const { t } = useTranslation();
  return (
    <PageHeader title={t(`monitor:list.title.${type}`)}>
      <div className="flex flex-wrap gap-2">
        {hasFilters(view) && (
          <Button variant="secondary" onClick={() => setView((latest) => withoutFilters(latest))}>
            {t('monitor:filters.reset')}
          </Button>
        )}
        <ExportButton onExport={(t) => exportTaskList(type, listBodyOf(type, view, Date.now()), t)} disabled={!total} />
        {createPath && importSheetOfType(type) && (
          <NetworkLink to={IMPORT_PATH} taskChange className="focus-ring inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
            {t('import:screen.listLink')}
          </NetworkLink>
        )}
        {createPath && (
          <NetworkLink to={createPath} taskChange className="focus-ring inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {t('monitor:list.create')}
          </NetworkLink>
        )}
      </div>
    </PageHeader>
  );
}

/** The task list of one type (types 1-6): search, filters, sorting, range, refresh, paging, export and bulk delete. */
export function MonitorTaskList({ type, readOnly }: MonitorTaskListProps) {
  const [view, setView] = useListView();
  const listQuery = taskListQuery(type, view);
  const list = useQuery(listQuery);
  const { data, isPending, isError, isPlaceholderData, refetch, fetchStatus } = list;
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, setView, withPage);
  const selection = useSelection();
  const { actions, rowActions, deployTask, closeDeploy } = useRowActions(type, readOnly, list);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const selected = [...selection.selected.values()];
  const confirmDelete = () =>
    actions.deleteTasks.mutate(
      selected.map((task) => task.id),
      {
        onSuccess: selection.clear,
        // A refusal (2131 deploying, 2127 gone) is notified with its catalogue text; the choice stays for another try.
        onSettled: () => setConfirmOpen(false),
      },
    );
  const createPath = readOnly ? null : createPathOf(type);
  const empty = data !== undefined && data.list.length === 0;
  useScreenPicture({ queryKey: listQuery.queryKey, dataUpdatedAt: list.dataUpdatedAt, shown: showsOwnRows(list) });
  return (
    <div>
      <ListHeader type={type} view={view} setView={setView} total={data?.total} createPath={createPath} />
      <ListFilters
        view={view}
        onKeyword={(keyword) => setView((latest) => withKeyword(latest, keyword))}
        onFilter={(name, value) => setView((latest) => withFilter(latest, name, value))}
        onSort={(field, order) => setView((latest) => withSort(latest, field, order))}
      />
      <TimeControls time={view.time} refresh={view.refresh} onTime={(time) => setView((latest) => withTime(latest, time))} onRefresh={(seconds) => setView((latest) => withRefresh(latest, seconds))} />
      <CoveredNote answer={data} />
      {!readOnly && <SelectionBar selection={selection} onDelete={() => setConfirmOpen(true)} />}
      {isError && !data && <TaskListError onRetry={() => void refetch()} />}
      {!isError && isPending && <TaskListWaiting paused={fetchStatus === 'paused'} />}
      {empty && <TaskListEmpty filtered={hasFilters(view)} onReset={() => setView((latest) => withoutFilters(latest))} createPath={createPath} />}
      {data && !empty && (
        <TaskResults answer={data} view={view} onView={setView} selection={selection} actions={rowActions} stale={isPlaceholderData} />
      )}
      <DeployDialog
        task={deployTask}
        readOnly={readOnly}
        rebuilding={actions.rebuild.isPending}
        onRebuild={(id) => actions.rebuild.mutate(id)}
        onClose={closeDeploy}
      />
      <DeleteDialog
        open={confirmOpen}
        tasks={selected}
        deleting={actions.deleteTasks.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirmOpen(false)}
      />
    </div>
  );
}
