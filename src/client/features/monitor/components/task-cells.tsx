import { Link } from 'react-router-dom';
import { ENABLE_STATUS, type DomainListRow } from '../../../../shared/index.js';
import { NAME_SLOT, withName, type RowTexts } from '../hooks/use-row-texts.js';
import { detailPathOf, editPathOf, targetTextOf } from '../monitor-types.js';

export interface RowActions {
  /** Changes are hidden or refused: administrator view, or a view-only privilege. */
  readOnly: boolean;
  onToggleStatus: (row: DomainListRow) => void;
  onOpenDeploy: (row: DomainListRow) => void;
  /** The task whose status change is on its way, if any. */
  pendingStatusId: number | null;
  /** A click on the row (outside its controls) opens the task's detail. */
  onOpen: (row: DomainListRow) => void;
  texts: RowTexts;
}

/** The task's name, leading to its detail screen (the keyboard's way into a row). */
export function TaskNameLink({ row }: { row: DomainListRow }) {
  return (
    <Link to={detailPathOf(row.type, row.id)} className="focus-ring rounded font-medium break-words text-brand-700 hover:underline">
      {row.name}
    </Link>
  );
}

export function TargetText({ row }: { row: DomainListRow }) {
  return <span className="break-all text-slate-700">{targetTextOf(row)}</span>;
}

export function FrequencyText({ minutes, texts: { t } }: { minutes: number; texts: RowTexts }) {
  return <span className="whitespace-nowrap">{t('monitor:list.everyMinutes', { count: minutes })}</span>;
}

/** Enable/disable as a switch; while the task deploys the server would refuse (2131), so it waits. */
export function StatusSwitch({ row, actions }: { row: DomainListRow; actions: RowActions }) {
  const { t } = actions.texts;
  const enabled = row.status === ENABLE_STATUS.ENABLED;
  const deploying = row.deployStatus === 'processing';
  const busy = actions.pendingStatusId === row.id;
  const label = withName(t('monitor:list.statusSwitch', { name: NAME_SLOT }), row.name);
  const hint = deploying ? t('monitor:deploy.waitDeploying') : undefined;
  if (actions.readOnly) return <span className="text-sm text-slate-700">{t(`monitor:status.${row.status}`)}</span>;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      aria-label={label}
      title={hint}
      disabled={deploying || busy}
      onClick={() => actions.onToggleStatus(row)}
      className="focus-ring group inline-flex min-h-9 items-center gap-2 rounded-md px-1 text-sm text-slate-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${enabled ? 'bg-status-normal' : 'bg-slate-300'}`}
      >
        <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-4.5' : 'translate-x-0.5'}`} />
      </span>
      {t(`monitor:status.${row.status}`)}
    </button>
  );
}

const DEPLOY_TONES: Readonly<Record<DomainListRow['deployStatus'], string>> = {
  completed: 'bg-green-50 text-green-800 ring-green-200',
  processing: 'bg-brand-50 text-brand-700 ring-brand-100',
  error_nodes: 'bg-red-50 text-red-800 ring-red-200',
};

/** The deploy status; opens the per-node deploy result (and rebuild of error nodes). */
export function DeployStatusButton({ row, actions }: { row: DomainListRow; actions: RowActions }) {
  const { t } = actions.texts;
  const text =
    row.deployStatus === 'error_nodes' ? t('monitor:deploy.errorNodes', { count: row.errorNodeCount }) : t(`monitor:deploy.status.${row.deployStatus}`);
  return (
    <button
      type="button"
      onClick={() => actions.onOpenDeploy(row)}
      aria-label={withName(t('monitor:deploy.open', { name: NAME_SLOT, status: text }), row.name)}
      className={`focus-ring inline-flex min-h-8 items-center rounded-full px-2.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset hover:underline ${DEPLOY_TONES[row.deployStatus]}`}
    >
      {text}
    </button>
  );
}

export function EditLink({ row, actions }: { row: DomainListRow; actions: RowActions }) {
  const { t } = actions.texts;
  if (actions.readOnly) return null;
  return (
    <Link
      to={editPathOf(row.type, row.id)}
      aria-label={withName(t('monitor:list.editTask', { name: NAME_SLOT }), row.name)}
      className="focus-ring inline-flex min-h-9 items-center rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
    >
      {t('monitor:list.edit')}
    </Link>
  );
}
