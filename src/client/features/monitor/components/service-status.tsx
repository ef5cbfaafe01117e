import type { ReactNode } from 'react';
import { SERVICE_STATUS, type ServiceStatus } from '../../../../shared/index.js';
import type { Translate } from '../../../lib/error-text.js';
import type { RowTexts } from '../hooks/use-row-texts.js';

/** The §3 colours with text beside them, so a status never rests on colour alone (as the node badges). */
export const SERVICE_TONES: Readonly<Record<ServiceStatus, { badge: string; dot: string; text: string }>> = {
  [SERVICE_STATUS.NORMAL]: { badge: 'bg-green-50 text-green-800 ring-green-200', dot: 'bg-status-normal', text: 'text-green-800' },
  [SERVICE_STATUS.WARNING]: { badge: 'bg-yellow-50 text-yellow-800 ring-yellow-200', dot: 'bg-status-warning', text: 'text-yellow-800' },
  [SERVICE_STATUS.ERROR]: { badge: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-status-error', text: 'text-red-800' },
  [SERVICE_STATUS.NONE]: { badge: 'bg-slate-100 text-slate-700 ring-slate-200', dot: 'bg-status-none', text: 'text-slate-500' },
};

interface ToneBadgeProps {
  tone: ServiceStatus;
  /** Names the status for tests and styles (`data-service-status`, `data-ssl-status`). */
  data: Readonly<Record<`data-${string}`, string | number>>;
  /** The status in words. */
  children: ReactNode;
}

/** A status word in its band's colours, with a dot: the service status of a task, the SSL status of a certificate. */
export function ToneBadge({ tone, data, children }: ToneBadgeProps) {
  const colours = SERVICE_TONES[tone];
  return (
    <span {...data} className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${colours.badge}`}>
      <span aria-hidden="true" className={`size-2 rounded-full ${colours.dot}`} />
      {children}
    </span>
  );
}

export function ServiceStatusBadge({ status, texts }: { status: ServiceStatus; texts: RowTexts }) {
  return (
    <ToneBadge tone={status} data={{ 'data-service-status': status }}>
      {texts.t(`common:serviceStatus.${status}`)}
    </ToneBadge>
  );
}

/** "—" where a row has no figure yet. */
export function NoValue({ t }: { t: Translate }) {
  return <span className="text-slate-400">{t('common:noValue')}</span>;
}

interface FigureProps {
  status: ServiceStatus;
  texts: RowTexts;
}

/** Availability in percent, coloured by its band; "—" without data. */
export function AvailabilityFigure({ availabilityPercent, status, texts }: FigureProps & { availabilityPercent: number | null }) {
  if (availabilityPercent === null) return <NoValue t={texts.t} />;
  return <span className={`font-medium tabular-nums ${SERVICE_TONES[status].text}`}>{texts.percent(availabilityPercent)}</span>;
}

/** Average response time in ms, in the colour of the task's band; "—" without a successful check. */
export function ResponseFigure({ avgResponseMs, status, texts }: FigureProps & { avgResponseMs: number | null }) {
  if (avgResponseMs === null) return <NoValue t={texts.t} />;
  return <span className={`tabular-nums ${SERVICE_TONES[status].text}`}>{texts.ms(avgResponseMs)}</span>;
}
