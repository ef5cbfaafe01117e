import { useTranslation } from 'react-i18next';
import type { TraceSnapshot } from '../../../../shared/index.js';
import { useFormats } from '../formats.js';

interface TraceHistoryListProps {
  snapshots: readonly TraceSnapshot[];
  shownId: number | null;
  chosenIds: readonly number[];
  onShow: (resultId: number) => void;
  onToggleChoice: (resultId: number) => void;
  nodeNameOf: (nodeId: number) => string;
}

function SnapshotItem({ snapshot, shown, chosen, onShow, onToggleChoice, nodeName }: {
  snapshot: TraceSnapshot;
  shown: boolean;
  chosen: boolean;
  onShow: () => void;
  onToggleChoice: () => void;
  nodeName: string;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const when = format.dateTime(snapshot.time);
  return (
    <li
      data-result-id={snapshot.resultId}
      className={`flex flex-wrap items-center gap-2 rounded-md border p-2 ${shown ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <button type="button" aria-pressed={shown} onClick={onShow} className="focus-ring flex min-w-0 flex-1 flex-col items-start rounded px-1 text-left">
        <time dateTime={snapshot.time} className="text-sm font-medium text-slate-900">
          {when}
        </time>
        <span className="text-xs text-slate-600">
          {nodeName} · {t(snapshot.reached ? 'detail:trace.reached' : 'detail:trace.notReached')} · {t('detail:trace.hops', { count: snapshot.hops.length })}
        </span>
      </button>
      <label className="flex min-h-9 items-center gap-1.5 text-xs text-slate-700">
        <input type="checkbox" checked={chosen} onChange={onToggleChoice} aria-label={t('detail:trace.chooseFor', { time: when })} className="size-4" />
        {t('detail:trace.compare')}
      </label>
    </li>
  );
}

/** The route snapshots, newest first: show one, tick two to compare them. */
export function TraceHistoryList({ snapshots, shownId, chosenIds, onShow, onToggleChoice, nodeNameOf }: TraceHistoryListProps) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('detail:trace.historyTitle')} className="flex flex-col gap-2">
      {snapshots.map((snapshot) => (
        <SnapshotItem
          key={snapshot.resultId}
          snapshot={snapshot}
          shown={snapshot.resultId === shownId}
          chosen={chosenIds.includes(snapshot.resultId)}
          onShow={() => onShow(snapshot.resultId)}
          onToggleChoice={() => onToggleChoice(snapshot.resultId)}
          nodeName={nodeNameOf(snapshot.nodeId)}
        />
      ))}
    </ul>
  );
}
