import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AttentionCertificate, AttentionTask } from '../../../../shared/index.js';
import { attentionPathOf, certificateTextOf, localDayOf } from '../overview-cards.js';
import { BAND_TONES } from './tones.js';

function targetOf(task: AttentionTask): string {
  const host = task.domain.includes(':') && !task.domain.startsWith('[') ? `[${task.domain}]` : task.domain;
  const withPort = task.port ? `${host}:${task.port}` : task.domain;
  return task.otherPath === '' || task.otherPath.startsWith('/') ? `${withPort}${task.otherPath}` : `${withPort}/${task.otherPath}`;
}

/** A figure with its short name before it, so a row never reads as bare numbers ("0% —"). */
function LabelledFigure({ label, className, children }: { label: string; className: string; children: string }) {
  return (
    <span className="flex items-baseline gap-1">
      <span className="text-xs font-normal text-slate-500">{label}</span>
      <span className={className}>{children}</span>
    </span>
  );
}

/** Availability and average response time over the range (types 1-6). */
function AvailabilityFigures({ task, tone }: { task: AttentionTask; tone: string }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(task.availabilityPercent ?? 0);
  const ms = task.avgResponseMs === null ? null : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(task.avgResponseMs);
  return (
    <span className="flex items-baseline gap-3 text-sm tabular-nums">
      <LabelledFigure label={t('overview:availabilityLabel')} className={`font-semibold ${tone}`}>
        {t('common:percent', { value: percent })}
      </LabelledFigure>
      <LabelledFigure label={t('overview:responseLabel')} className="text-slate-600">
        {ms === null ? t('common:noValue') : t('common:ms', { value: ms })}
      </LabelledFigure>
    </span>
  );
}

/** An SSL task: days left or how long ago it expired, and its expiry date; or that its check failed, and when. */
function CertificateFigures({ certificate, tone }: { certificate: AttentionCertificate; tone: string }) {
  const { t, i18n } = useTranslation();
  const text = certificateTextOf(certificate);
  const shown = new Intl.NumberFormat(i18n.language).format(text.days);
  const when =
    text.key === 'checkFailed' || certificate.validTo === null
      ? t('overview:lastCheck', { date: localDayOf(certificate.lastCheckAt) })
      : t('overview:expiresOn', { date: localDayOf(certificate.validTo) });
  return (
    <span className="flex items-baseline gap-3 text-sm tabular-nums">
      <span className={`font-semibold ${tone}`}>{t(`overview:${text.key}`, { count: text.days, shown })}</span>
      <span className="text-slate-600">{when}</span>
    </span>
  );
}

function AttentionItem({ task }: { task: AttentionTask }) {
  const { t } = useTranslation();
  const tone = BAND_TONES[task.serviceStatus];
  return (
    <li data-task-id={task.id}>
      <Link to={attentionPathOf(task)} className="focus-ring flex min-h-14 flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-50">
        <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone.badge}`}>
          <span aria-hidden="true" className={`size-2 rounded-full ${tone.dot}`} />
          {t(`common:serviceStatus.${task.serviceStatus}`)}
        </span>
        <span className="flex min-w-0 flex-1 basis-48 flex-col">
          <span className="font-medium break-words text-slate-900">{task.name}</span>
          <span className="text-xs break-all text-slate-500">
            {t(`common:taskTypes.${task.type}`)} · {targetOf(task)}
          </span>
        </span>
        {task.certificate ? <CertificateFigures certificate={task.certificate} tone={tone.text} /> : <AvailabilityFigures task={task} tone={tone.text} />}
      </Link>
    </li>
  );
}

/** The enabled tasks in error or warning, worst first, each leading to its detail (an SSL task to the SSL list). */
interface AttentionListProps {
  tasks: readonly AttentionTask[];
  unlisted: number;
  state: 'loading' | 'failed' | 'ready';
}

function ListBody({ tasks, state }: Pick<AttentionListProps, 'tasks' | 'state'>) {
  const { t } = useTranslation();
  if (state !== 'ready') {
    return (
      <p role="status" className="px-4 py-6 text-sm text-slate-600">
        {t(state === 'loading' ? 'loading' : 'loadFailed')}
      </p>
    );
  }
  if (tasks.length === 0) {
    return (
      <p role="status" className="px-4 py-6 text-sm text-slate-600">
        {t('overview:allClear')}
      </p>
    );
  }
  return (
    <ol className="divide-y divide-slate-100">
      {tasks.map((task) => (
        <AttentionItem key={task.id} task={task} />
      ))}
    </ol>
  );
}

export function AttentionList({ tasks, unlisted, state }: AttentionListProps) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="attention-title" className="rounded-lg border border-slate-200 bg-white">
      <h2 id="attention-title" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        {t('overview:attentionTitle')}
      </h2>
      <ListBody tasks={tasks} state={state} />
      {unlisted > 0 && (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
          {t('overview:moreTrouble', { count: unlisted, shown: new Intl.NumberFormat(i18n.language).format(unlisted) })}
        </p>
      )}
    </section>
  );
}
