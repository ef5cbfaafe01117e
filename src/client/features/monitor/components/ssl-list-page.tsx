import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useClampedPage } from '../../../lib/use-clamped-page.js';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ENABLE_STATUS, MONITOR_TYPES, type SslSearchAnswer } from '../../../../shared/index.js';
import { Button, NetworkLink } from '../../../components/button.js';
import { PageHeader } from '../../../components/page-header.js';
import { sslListQuery } from '../api.js';
import { useDeployLink } from '../hooks/use-deploy-link.js';
import { useSelection, type Selection } from '../hooks/use-selection.js';
import { useSslActions } from '../hooks/use-ssl-actions.js';
import { useSslView } from '../hooks/use-ssl-view.js';
import { useWideScreen } from '../hooks/use-wide-screen.js';
import { exportSslList } from '../export-list.js';
import { createPathOf, detailPathOf } from '../../../lib/task-paths.js';
import {
  hasSslFilters,
  sslSearchBodyOf,
  withSslFilter,
  withSslKeyword,
  withSslPage,
  withSslPageSize,
  withSslRefresh,
  withSslSort,
  withoutSslFilters,
  type SslListView,
} from '../ssl-view.js';
import { CertcheckDialog, type CertcheckTarget } from './certcheck-dialog.js';
import { DeleteDialog } from './delete-dialog.js';
import { DeployDialog, type DeployTask } from './deploy-dialog.js';
import { ExportButton } from './export-button.js';
import { TaskListEmpty, TaskListError } from './list-states.js';
import { TaskListWaiting } from './monitor-list-page.js';
import { Pagination } from '../../../components/pagination.js';
import { RefreshSelect } from './refresh-select.js';
import { SelectionBar } from './selection-bar.js';
import type { SslRowActions } from './ssl-cells.js';
import { SslCards } from './ssl-cards.js';
import { SslFilters } from './ssl-filters.js';
import { SslTable } from './ssl-table.js';
import type { ViewUpdate } from '../../../lib/use-url-view.js';

/** The row actions: enable/disable, deploy result, and "check now" with its dialog. */
function useSslRowActions(readOnly: boolean, list: Parameters<typeof useDeployLink>[0]) {
  const actions = useSslActions();
  const [deployTask, setDeployTask] = useState<DeployTask | null>(null);
  const forgetDeployLink = useDeployLink(list, setDeployTask);
  const [checkTarget, setCheckTarget] = useState<CertcheckTarget | null>(null);
  const check = (target: CertcheckTarget) => {
    setCheckTarget(target);
    actions.certcheck.mutate({ id: target.id });
  };
  const rowActions: SslRowActions = {
    readOnly,
    onToggleStatus: (row) =>
      actions.setStatus.mutate({ id: row.id, status: row.status === ENABLE_STATUS.ENABLED ? ENABLE_STATUS.DISABLED : ENABLE_STATUS.ENABLED }),
    pendingStatusId: actions.setStatus.isPending ? (actions.setStatus.variables?.id ?? null) : null,
    onOpenDeploy: setDeployTask,
    onCheck: (row) => check({ id: row.id, name: row.name }),
  };
  const closeCheck = () => {
    setCheckTarget(null);
    actions.certcheck.reset();
  };
  const closeDeploy = () => {
    setDeployTask(null);
    forgetDeployLink();
  };
  return { actions, rowActions, deployTask, closeDeploy, checkTarget, check, closeCheck };
}

interface SslHeaderProps {
  view: SslListView;
  setView: (update: ViewUpdate<SslListView>) => void;
  total: number | undefined;
  createPath: string | null;
}

function SslHeader({ view, setView, total, createPath }: SslHeaderProps) {
  const { t } = useTranslation();
  return (
    <PageHeader title={t(`monitor:list.title.${MONITOR_TYPES.SSL}`)}>
      <div className="flex flex-wrap gap-2">
        {hasSslFilters(view) && (
          <Button variant="secondary" onClick={() => setView((latest) => withoutSslFilters(latest))}>
            {t('monitor:filters.reset')}
          </Button>
        )}
        <ExportButton onExport={(t) => exportSslList(sslSearchBodyOf(view), t)} disabled={!total} />
        {createPath && (
          <NetworkLink to={createPath} taskChange className="focus-ring inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {t('monitor:list.create')}
          </NetworkLink>
        )}
      </div>
    </PageHeader>
  );
}

interface SslResultsProps {
  answer: SslSearchAnswer;
  view: SslListView;
  setView: (update: ViewUpdate<SslListView>) => void;
  /** The previous page is shown while the next one loads. */
  stale: boolean;
  selection: Selection;
  actions: SslRowActions;
}

function SslResults({ answer, view, setView, stale, selection, actions }: SslResultsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const Rows = useWideScreen() ? SslTable : SslCards;
  return (
    <div aria-busy={stale} className={stale ? 'opacity-60' : undefined}>
      <Rows
        rows={answer.list}
        view={view}
        selection={selection}
        actions={actions}
        onSort={(field) => setView((latest) => withSslSort(latest, field))}
        onOpen={(task) => void navigate(detailPathOf(MONITOR_TYPES.SSL, task.id))}
      />
      <Pagination
        totalText={(total) => t('monitor:paging.total', { total })}
        page={view.page}
        pageSize={view.pageSize}
        total={answer.total}
        onPage={(page) => setView((latest) => withSslPage(latest, page))}
        onPageSize={(size) => setView((latest) => withSslPageSize(latest, size))}
      />
    </div>
  );
}

/** /monitor/7: the SSL tasks with expiry, days left, last check and SSL status; filters, sorting, paging, bulk delete and "check now". */
export function SslTaskList({ readOnly }: { readOnly: boolean }) {
  const [view, setView] = useSslView();
  const list = useQuery(sslListQuery(view));
  const { data, isPending, isError, isPlaceholderData, refetch, fetchStatus } = list;
  useClampedPage(view, isPlaceholderData ? undefined : data?.total, setView, withSslPage);
  const selection = useSelection();
  const row = useSslRowActions(readOnly, list);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const selected = [...selection.selected.values()];
  const confirmDelete = () =>
    row.actions.deleteTasks.mutate(
      selected.map((task) => task.id),
      // A refusal (2131 deploying, 2127 gone) is notified with its catalogue text; the choice stays for another try.
      { onSuccess: selection.clear, onSettled: () => setConfirmOpen(false) },
    );
  const createPath = readOnly ? null : createPathOf(MONITOR_TYPES.SSL);
  const empty = data !== undefined && data.list.length === 0;
  return (
    <div>
      <SslHeader view={view} setView={setView} total={data?.total} createPath={createPath} />
      <SslFilters
        view={view}
        onKeyword={(keyword) => setView((latest) => withSslKeyword(latest, keyword))}
        onFilter={(name, value) => setView((latest) => withSslFilter(latest, name, value))}
        onSort={(field, order) => setView((latest) => withSslSort(latest, field, order))}
      />
      <div className="mb-4 flex justify-end">
        <RefreshSelect refresh={view.refresh} onRefresh={(seconds) => setView((latest) => withSslRefresh(latest, seconds))} />
      </div>
      {!readOnly && <SelectionBar selection={selection} onDelete={() => setConfirmOpen(true)} />}
      {isError && !data && <TaskListError onRetry={() => void refetch()} />}
      {!isError && isPending && <TaskListWaiting paused={fetchStatus === 'paused'} />}
      {empty && <TaskListEmpty filtered={hasSslFilters(view)} onReset={() => setView((latest) => withoutSslFilters(latest))} createPath={createPath} />}
      {data && !empty && (
        <SslResults answer={data} view={view} setView={setView} stale={isPlaceholderData} selection={selection} actions={row.rowActions} />
      )}
      <CertcheckDialog
        target={row.checkTarget}
        pending={row.actions.certcheck.isPending}
        answer={row.actions.certcheck.data}
        error={row.actions.certcheck.error}
        onRetry={() => row.checkTarget && row.check(row.checkTarget)}
        onClose={row.closeCheck}
      />
      <DeployDialog
        task={row.deployTask}
        readOnly={readOnly}
        rebuilding={row.actions.rebuild.isPending}
        onRebuild={(id) => row.actions.rebuild.mutate(id)}
        onClose={row.closeDeploy}
      />
      <DeleteDialog open={confirmOpen} tasks={selected} deleting={row.actions.deleteTasks.isPending} onConfirm={confirmDelete} onClose={() => setConfirmOpen(false)} />
    </div>
  );
}
