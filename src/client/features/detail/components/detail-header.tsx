import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NetworkLink } from '../../../components/button.js';
import type { DomainInfo } from '../../../../shared/index.js';
import { alertLogPathOf } from '../../../lib/alert-paths.js';
import { editPathOf, listPathOf, targetTextOf } from '../../../lib/task-paths.js';

const DEPLOY_TONES: Readonly<Record<DomainInfo['deployStatus'], string>> = {
  completed: 'bg-green-50 text-green-800 ring-green-200',
  processing: 'bg-brand-50 text-brand-700 ring-brand-100',
  error_nodes: 'bg-red-50 text-red-800 ring-red-200',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-800">{children}</dd>
    </div>
  );
}

export function DeployStatusBadge({ task }: { task: Pick<DomainInfo, 'deployStatus' | 'errorNodeCount'> }) {
  const { t } = useTranslation();
  const text =
    task.deployStatus === 'error_nodes'
      ? t('detail:deploy.errorNodes', { count: task.errorNodeCount })
      : t(`detail:deploy.${task.deployStatus}`);
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${DEPLOY_TONES[task.deployStatus]}`}>
      {text}
    </span>
  );
}

function HeaderLinks({ task, alertLog }: { task: DomainInfo; alertLog: boolean }) {
  const { t } = useTranslation();
  const link = 'focus-ring inline-flex min-h-9 items-center rounded-md px-3 py-1.5 text-sm font-medium';
  return (
    <nav aria-label={t('detail:header.links')} className="flex flex-wrap gap-2">
      <Link to={listPathOf(task.type)} className={`${link} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
        {t('detail:header.toList')}
      </Link>
      {alertLog && (
        <Link to={alertLogPathOf({ taskId: task.id })} className={`${link} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
          {t('detail:header.alertLog')}
        </Link>
      )}
      <NetworkLink to={editPathOf(task.type, task.id)} taskChange className={`${link} bg-brand-600 text-white hover:bg-brand-700`}>
        {t('detail:header.edit')}
      </NetworkLink>
    </nav>
  );
}

/**
 * The task: its name, target, type, frequency, status and deploy status, with the way back, to
 * edit, and (`alertLog`) to the alerts about it.
 */
export function DetailHeader({ task, alertLog = false }: { task: DomainInfo; alertLog?: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="mb-4">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t(`detail:types.${task.type}`)}</p>
          <h1 className="text-xl font-semibold break-words text-slate-900">{task.name}</h1>
        </div>
        <HeaderLinks task={task} alertLog={alertLog} />
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label={t('detail:header.target')}>
          <span className="break-all">{targetTextOf(task)}</span>
        </Fact>
        <Fact label={t('detail:header.type')}>{t(`detail:types.${task.type}`)}</Fact>
        <Fact label={t('detail:header.frequency')}>{t('detail:header.everyMinutes', { count: task.frequencyMinutes })}</Fact>
        <Fact label={t('detail:header.status')}>{t(`detail:enable.${task.status}`)}</Fact>
        <Fact label={t('detail:header.deploy')}>
          <DeployStatusBadge task={task} />
        </Fact>
        <Fact label={t('detail:header.nodes')}>{task.nodeIds.length}</Fact>
      </dl>
    </header>
  );
}
