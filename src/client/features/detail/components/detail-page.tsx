import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { FAILED_LOGS_DEFAULT_COUNT, MONITOR_TYPES, type DomainInfo, type FailedLog } from '../../../../shared/index.js';
import { useConnectionProblem } from '../../../lib/offline/connection.js';
import { breakdownQuery, failedLogsQuery, latestQuery, summaryQuery, taskInfoQuery, trendQuery } from '../api.js';
import { useDetailView, type DetailView } from '../hooks/use-detail-view.js';
import { useDetailNames } from '../hooks/use-names.js';
import { detailPathOf, listPathOf } from '../../../lib/task-paths.js';
import { taskIdOf } from '../task-paths.js';
import { BreakdownSection } from './breakdown-section.js';
import { DetailHeader } from './detail-header.js';
import { FailedLogs } from './failed-logs.js';
import { LatestChecks } from './latest-checks.js';
import { MapSection } from './map-section.js';
import { RangeControls } from './range-controls.js';
import { CoveredNote } from '../../../components/covered-note.js';
import { PageLoadProblem, PageLoading, taskLoadProblemOf } from './states.js';
import { SummaryCards } from './summary-cards.js';
import { TrendSection } from './trend-section.js';

const HTTP_TYPES: ReadonlySet<number> = new Set([MONITOR_TYPES.HTTP, MONITOR_TYPES.HTTPS]);

function useFailedLogs(task: DomainInfo, view: DetailView) {
  const [count, setCount] = useState<number>(FAILED_LOGS_DEFAULT_COUNT);
  const query = useQuery(failedLogsQuery({ id: task.id, range: view.range, refreshSeconds: view.refresh }, count));
  return { query, count, setCount };
}

/** Every part of the screen over the chosen range; each part loads, fails and retries on its own. */
function DetailBody({ task, view, alertLog }: { task: DomainInfo; view: DetailView; alertLog: boolean }) {
  const read = { id: task.id, range: view.range, refreshSeconds: view.refresh };
  const summary = useQuery(summaryQuery(read));
  const trend = useQuery(trendQuery(read));
  const breakdown = useQuery(breakdownQuery(read));
  const latest = useQuery(latestQuery(task.id, view.refresh));
  const logs = useFailedLogs(task, view);
  const names = useDetailNames();
  const nodesById = useMemo(() => new Map((breakdown.data?.nodes ?? []).map((node) => [node.nodeId, node])), [breakdown.data]);
  const logNodeName = useCallback(
    (log: FailedLog) => {
      const node = nodesById.get(log.nodeId);
      return node ? names.node(node) : log.nodeName;
    },
    [nodesById, names],
  );
  return (
    <div aria-busy={summary.isPlaceholderData || trend.isPlaceholderData || breakdown.isPlaceholderData}>
      <DetailHeader task={task} alertLog={alertLog} />
      <RangeControls range={view.range} refresh={view.refresh} onRange={view.setRange} onRefresh={view.setRefresh} />
      <CoveredNote answer={summary.data} />
      <div className="mb-6">
        <SummaryCards summary={summary.data} isError={summary.isError} onRetry={() => void summary.refetch()} />
      </div>
      <TrendSection trend={trend.data} isLoading={trend.isPending} isError={trend.isError} onRetry={() => void trend.refetch()} />
      <MapSection breakdown={breakdown.data} isError={breakdown.isError} onRetry={() => void breakdown.refetch()} nameOf={names.node} />
      <BreakdownSection breakdown={breakdown.data} isError={breakdown.isError} onRetry={() => void breakdown.refetch()} namer={names} />
      <FailedLogs
        answer={logs.query.data}
        isError={logs.query.isError}
        onRetry={() => void logs.query.refetch()}
        count={logs.count}
        onCount={logs.setCount}
        nodeNameOf={logNodeName}
        showStatusCode={HTTP_TYPES.has(task.type)}
      />
      <LatestChecks answer={latest.data} isError={latest.isError} onRetry={() => void latest.refetch()} nameOf={names.anyNode} />
    </div>
  );
}

/**
 * /monitor/{type}/detail/{id}: one task's figures over a range (POST /domain/info, then the
 * /domain/detail/* reads). Another customer's task, a deleted one or none answers 2127: "not
 * found". A URL naming the wrong type moves to the task's own; a traceroute task to its tracedetail.
 * `alertLog`: the header links to the task's alert log (for those who may read alerts).
 */
export function TaskDetailPage({ alertLog = false }: { alertLog?: boolean }) {
  const { type = '', id = '' } = useParams();
  const { search } = useLocation();
  const view = useDetailView();
  const taskId = taskIdOf(id);
  const info = useQuery({ ...taskInfoQuery(taskId ?? 0, view.refresh), enabled: taskId !== null });
  const connection = useConnectionProblem();
  const problem = taskLoadProblemOf(taskId, info, connection);
  if (problem) return <PageLoadProblem titleKey="routes.monitorDetail" problem={problem} listPath={listPathOf(Number(type))} onRetry={() => void info.refetch()} />;
  if (!info.data) return <PageLoading titleKey="routes.monitorDetail" />;
  const task = info.data;
  if (task.type === MONITOR_TYPES.TRACEROUTE || String(task.type) !== type) return <Navigate to={`${detailPathOf(task.type, task.id)}${search}`} replace />;
  return <DetailBody task={task} view={view} alertLog={alertLog} />;
}
