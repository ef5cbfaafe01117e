import { Link } from 'react-router-dom';
import { ENABLE_STATUS, type DeployStatus, type DomainListRow, type EnableStatus } from '../../../../shared/index.js';
import { NetworkLink, useGatedControl } from '../../../components/button.js';
import type { Translate } from '../../../lib/error-text.js';
import { NAME_SLOT, withName, type RowTexts } from '../hooks/use-row-texts.js';

/** A row control's height: 44 px to touch on the narrow cards, compact in the wide table. */
export const ROW_CONTROL_HEIGHT = 'min-h-11 lg:min-h-9';

/** What the switch and the deploy button need of a row: the task and SSL lists' rows both have it. */
export interface ActionableRow {
  id: number;
  name: string;
  status: EnableStatus;
  deployStatus: DeployStatus;
  errorNodeCount: number;
}

/** The row actions both lists offer. */
export interface SharedRowActions<Row> {
  /** Changes are hidden or refused: administrator view, or a view-only privilege. */
  readOnly: boolean;
  onToggleStatus: (row: Row) => void;
  onOpenDeploy: (row: Row) => void;
  /** The task whose status change is on its way, if any. */
  pendingStatusId: number | null;
}

export interface RowActions extends SharedRowActions<DomainListRow> {
  /** A click on the row (outside its controls) opens the task's detail. */
  onOpen: (row: DomainListRow) => void;
  texts: RowTexts;
}

/** The task's name, leading to its detail screen (the keyboard's way into a row). */
export function NameLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} className="focus-ring rounded font-medium break-words text-brand-700 hover:underline">
      {name}
    </Link>
  );
}

export function TargetText({ text }: { text: string }) {
  return <span className="break-all text-slate-700">{text}</span>;
}

export function FrequencyText({ minutes, t }: { minutes: number; t: Translate }) {
  return <span className="whitespace-nowrap">{t('monitor:list.everyMinutes', { count: minutes })}</span>;
}

interface RowControlProps<Row extends ActionableRow> {
  row: Row;
  actions: SharedRowActions<Row>;
  t: Translate;
}

/** Enable/disable as a switch; while the task deploys the server would refuse (2131), so it waits. */
export function StatusSwitch<Row extends ActionableRow>({ row, actions, t }: RowControlProps<Row>) {
  if (actions.readOnly) return <span className="text-sm text-slate-700">{t(`monitor:status.${row.status}`)}</span>;
  return <StatusSwitchButton row={row} actions={actions} t={t} />;
}

/** The switch itself; like every change it waits for a connection too. */
function StatusSwitchButton<Row extends ActionableRow>({ row, actions, t }: RowControlProps<Row>) {
  const enabled = row.status === ENABLE_STATUS.ENABLED;
  const deploying = row.deployStatus === 'processing';
  const gate = useGatedControl({
    taskChange: true,
    disabled: deploying || actions.pendingStatusId === row.id,
    title: deploying ? t('monitor:deploy.waitDeploying') : undefined,
  });
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-label={withName(t('monitor:list.statusSwitch', { name: NAME_SLOT }), row.name)}
        {...gate.control}
        onClick={() => actions.onToggleStatus(row)}
        className={`focus-ring group inline-flex ${ROW_CONTROL_HEIGHT} items-center gap-2 rounded-md px-1 text-sm text-slate-700 disabled:cursor-not-allowed disabled:opacity-60`}
      >
        <span aria-hidden="true" className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${enabled ? 'bg-status-normal' : 'bg-slate-300'}`}>
          <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-4.5' : 'translate-x-0.5'}`} />
        </span>
        {t(`monitor:status.${row.status}`)}
      </button>
      {gate.reason}
    </>
  );
}

/** The pill stays 32 px to the eye; on the narrow cards its touch area reaches 44 px above and below. */
const PILL_TOUCH = "max-lg:after:absolute max-lg:after:inset-x-0 max-lg:after:-inset-y-1.5 max-lg:after:content-['']";

const DEPLOY_TONES: Readonly<Record<DeployStatus, string>> = {
  completed: 'bg-green-50 text-green-800 ring-green-200',
  processing: 'bg-brand-50 text-brand-700 ring-brand-100',
  error_nodes: 'bg-red-50 text-red-800 ring-red-200',
};

/** The deploy status; opens the per-node deploy result (and rebuild of error nodes). */
export function DeployStatusButton<Row extends ActionableRow>({ row, actions, t }: RowControlProps<Row>) {
  const text =
    row.deployStatus === 'error_nodes' ? t('monitor:deploy.errorNodes', { count: row.errorNodeCount }) : t(`monitor:deploy.status.${row.deployStatus}`);
  return (
    <button
      type="button"
      onClick={() => actions.onOpenDeploy(row)}
      aria-label={withName(t('monitor:deploy.open', { name: NAME_SLOT, status: text }), row.name)}
      className={`focus-ring relative inline-flex min-h-8 items-center rounded-full px-2.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset hover:underline ${PILL_TOUCH} ${DEPLOY_TONES[row.deployStatus]}`}
    >
      {text}
    </button>
  );
}

export function EditLink({ to, name, t }: { to: string; name: string; t: Translate }) {
  return (
    <NetworkLink
      to={to}
      taskChange
      aria-label={withName(t('monitor:list.editTask', { name: NAME_SLOT }), name)}
      className={`focus-ring inline-flex ${ROW_CONTROL_HEIGHT} items-center rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50`}
    >
      {t('monitor:list.edit')}
    </NetworkLink>
  );
}
