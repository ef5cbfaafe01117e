import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ENABLE_STATUS, MONITOR_TYPES, type ServiceStatus, type SslStatus, type SslTaskRow } from '../../../../shared/index.js';
import { NAME_SLOT, withName } from '../hooks/use-row-texts.js';
import { localDateTime } from '../export-table.js';
import { detailPathOf } from '../monitor-types.js';
import { daysLeftLabelOf } from '../ssl-status.js';
import { SERVICE_TONES } from './service-status.js';

export interface SslRowActions {
  readOnly: boolean;
  onToggleStatus: (row: SslTaskRow) => void;
  /** The task whose status change is on its way, if any. */
  pendingStatusId: number | null;
  onOpenDeploy: (row: SslTaskRow) => void;
  onCheck: (row: SslTaskRow) => void;
}

/** The SSL status in the service colours, with its word (never colour alone); "not checked yet" before any check. */
export function SslStatusBadge({ status, tone }: { status: SslStatus | null; tone: ServiceStatus }) {
  const { t } = useTranslation();
  const colours = SERVICE_TONES[tone];
  return (
    <span
      data-ssl-status={status ?? 'none'}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${colours.badge}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${colours.dot}`} />
      {t(`monitor:ssl.status.${status ?? 'none'}`)}
    </span>
  );
}

export function SslNameLink({ row }: { row: SslTaskRow }) {
  return (
    <Link to={detailPathOf(MONITOR_TYPES.SSL, row.id)} className="focus-ring rounded font-medium break-words text-brand-700 hover:underline">
      {row.name}
    </Link>
  );
}

export function DaysLeftText({ daysLeft, tone }: { daysLeft: number | null; tone: ServiceStatus }) {
  const { t } = useTranslation();
  const days = daysLeftLabelOf(daysLeft);
  return <span className={`whitespace-nowrap tabular-nums ${SERVICE_TONES[tone].text}`}>{t(`monitor:ssl.days.${days.key}`, { count: days.count })}</span>;
}

export function DateText({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  if (iso === null) return <span className="text-slate-400">{t('monitor:list.noValue')}</span>;
  return <span className="whitespace-nowrap tabular-nums">{localDateTime(iso)}</span>;
}

/** Enable/disable as a switch; while the task deploys the server would refuse (2131), so it waits. */
export function SslStatusSwitch({ row, actions }: { row: SslTaskRow; actions: SslRowActions }) {
  const { t } = useTranslation();
  const enabled = row.status === ENABLE_STATUS.ENABLED;
  const deploying = row.deployStatus === 'processing';
  if (actions.readOnly) return <span className="text-sm text-slate-700">{t(`monitor:status.${row.status}`)}</span>;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      aria-label={withName(t('monitor:list.statusSwitch', { name: NAME_SLOT }), row.name)}
      title={deploying ? t('monitor:deploy.waitDeploying') : undefined}
      disabled={deploying || actions.pendingStatusId === row.id}
      onClick={() => actions.onToggleStatus(row)}
      className="focus-ring inline-flex min-h-9 items-center gap-2 rounded-md px-1 text-sm text-slate-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span aria-hidden="true" className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${enabled ? 'bg-status-normal' : 'bg-slate-300'}`}>
        <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-4.5' : 'translate-x-0.5'}`} />
      </span>
      {t(`monitor:status.${row.status}`)}
    </button>
  );
}

const DEPLOY_TONES: Readonly<Record<SslTaskRow['deployStatus'], string>> = {
  completed: 'bg-green-50 text-green-800 ring-green-200',
  processing: 'bg-brand-50 text-brand-700 ring-brand-100',
  error_nodes: 'bg-red-50 text-red-800 ring-red-200',
};

/** The deploy status; opens the per-node deploy result (and rebuild of error nodes). */
export function SslDeployButton({ row, actions }: { row: SslTaskRow; actions: SslRowActions }) {
  const { t } = useTranslation();
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

/** "Check now" (anyone who may view may check: it changes no data) and edit. */
export function SslRowButtons({ row, actions }: { row: SslTaskRow; actions: SslRowActions }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        onClick={() => actions.onCheck(row)}
        aria-label={withName(t('monitor:ssl.checkNowTask', { name: NAME_SLOT }), row.name)}
        className="focus-ring inline-flex min-h-9 items-center rounded-md px-2 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
      >
        {t('monitor:ssl.checkNow')}
      </button>
      {!actions.readOnly && (
        <Link
          to={`/monitor/edit/${row.id}`}
          aria-label={withName(t('monitor:list.editTask', { name: NAME_SLOT }), row.name)}
          className="focus-ring inline-flex min-h-9 items-center rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t('monitor:list.edit')}
        </Link>
      )}
    </span>
  );
}
