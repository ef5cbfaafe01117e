import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { MONITOR_TYPES, type DomainInfo } from '../../../../shared/index.js';
import { useConnectionProblem } from '../../../lib/offline/connection.js';
import { nodeCatalogueQuery, taskInfoQuery, traceHistoryQuery } from '../api.js';
import { useFormats } from '../formats.js';
import { useDetailRefresh, type DetailView } from '../hooks/use-detail-view.js';
import { useDetailNames } from '../hooks/use-names.js';
import { detailPathOf, listPathOf } from '../../../lib/task-paths.js';
import { taskIdOf } from '../task-paths.js';
import { choicesStillListed, comparisonPair, compareSnapshots, hopLinesOf, snapshotsNewestFirst, toggleChoice } from '../trace-compare.js';
import { DetailHeader } from './detail-header.js';
import { CompareTable, HopTable } from './hop-tables.js';
import { RefreshSelect } from './refresh-select.js';
import { LabelledSelect } from '../../../components/labelled-select.js';
import { PageLoadProblem, PageLoading, Section, SectionEmpty, SectionError, SectionLoading, taskLoadProblemOf } from './states.js';
import { TraceHistoryList } from './trace-history.js';

const ALL_NODES = 'all';

function useNodeNames(task: DomainInfo) {
  const { t } = useTranslation();
  const names = useDetailNames();
  const catalogue = useQuery(nodeCatalogueQuery());
  const byId = useMemo(() => new Map((catalogue.data?.list ?? []).map((node) => [node.id, node])), [catalogue.data]);
  const nameOf = useCallback(
    (nodeId: number) => {
      const node = byId.get(nodeId);
      return node ? names.anyNode(node) : t('detail:trace.unknownNode', { id: nodeId });
    },
    [byId, names, t],
  );
  const options = useMemo(() => task.nodeIds.map((nodeId) => ({ value: String(nodeId), label: nameOf(nodeId) })), [task.nodeIds, nameOf]);
  return { nameOf, options };
}

type RefreshView = Pick<DetailView, 'refresh' | 'setRefresh'>;

function TraceBody({ task, view }: { task: DomainInfo; view: RefreshView }) {
  const { t } = useTranslation();
  const format = useFormats();
  const nodes = useNodeNames(task);
  const [nodeId, setNodeId] = useState<number | undefined>(undefined);
  const history = useQuery(traceHistoryQuery(task.id, nodeId, view.refresh));
  const snapshots = useMemo(() => snapshotsNewestFirst(history.data?.list ?? [], nodeId), [history.data, nodeId]);
  const [shownId, setShownId] = useState<number | null>(null);
  const [choices, setChosen] = useState<number[]>([]);
  const chosen = choicesStillListed(choices, snapshots);
  const shown = snapshots.find((snapshot) => snapshot.resultId === shownId) ?? snapshots[0];
  const pair = comparisonPair(snapshots, chosen);
  const labelOf = (snapshot: { time: string; nodeId: number }) => `${format.dateTime(snapshot.time)} · ${nodes.nameOf(snapshot.nodeId)}`;
  let body;
  if (!history.data) body = history.isError ? <SectionError onRetry={() => void history.refetch()} /> : <SectionLoading />;
  else if (snapshots.length === 0) body = <SectionEmpty text={t('detail:trace.empty')} />;
  else {
    body = (
      <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <TraceHistoryList
          snapshots={snapshots}
          shownId={shown?.resultId ?? null}
          chosenIds={chosen}
          onShow={setShownId}
          onToggleChoice={(resultId) => setChosen(toggleChoice(chosen, resultId))}
          nodeNameOf={nodes.nameOf}
        />
        <div className="min-w-0 self-start">
          {shown && <HopTable lines={hopLinesOf(shown)} caption={t('detail:trace.hopsOf', { snapshot: labelOf(shown) })} />}
        </div>
      </div>
    );
  }
  return (
    <div>
      <DetailHeader task={task} />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <LabelledSelect
          className="w-full max-w-xs"
          label={t('detail:trace.node')}
          value={nodeId === undefined ? ALL_NODES : String(nodeId)}
          options={[{ value: ALL_NODES, label: t('detail:trace.allNodes') }, ...nodes.options]}
          onChange={(value) => {
            setNodeId(value === ALL_NODES ? undefined : Number(value));
            setChosen([]);
            setShownId(null);
          }}
        />
        <RefreshSelect refresh={view.refresh} onRefresh={view.setRefresh} className="sm:ml-auto" />
      </div>
      <Section title={t('detail:trace.historyTitle')}>{body}</Section>
      <Section title={t('detail:trace.compareTitle')}>
        {pair ? (
          <CompareTable comparison={compareSnapshots(pair[0], pair[1])} leftLabel={labelOf(pair[0])} rightLabel={labelOf(pair[1])} />
        ) : (
          <SectionEmpty text={t('detail:trace.compareHint')} />
        )}
      </Section>
    </div>
  );
}

/**
 * /monitor/{type}/tracedetail/{id}: a traceroute task's route snapshots, newest first, one hop table
 * at a time and two runs compared; auto-refresh (`refresh` in the URL, as on the detail screen)
 * brings new runs in. Another customer's task or none is "not found" (2127); any
 * other type moves to its detail screen.
 */
export function TraceDetailPage() {
  const { type = '', id = '' } = useParams();
  const { search } = useLocation();
  const view = useDetailRefresh();
  const taskId = taskIdOf(id);
  const info = useQuery({ ...taskInfoQuery(taskId ?? 0, view.refresh), enabled: taskId !== null });
  const connection = useConnectionProblem();
  const problem = taskLoadProblemOf(taskId, info, connection);
  if (problem) return <PageLoadProblem titleKey="routes.monitorTraceDetail" problem={problem} listPath={listPathOf(Number(type))} onRetry={() => void info.refetch()} />;
  if (!info.data) return <PageLoading titleKey="routes.monitorTraceDetail" />;
  if (info.data.type !== MONITOR_TYPES.TRACEROUTE || String(info.data.type) !== type) return <Navigate to={`${detailPathOf(info.data.type, info.data.id)}${search}`} replace />;
  return <TraceBody task={info.data} view={view} />;
}
