import { useTranslation } from 'react-i18next';
import { MONITOR_TYPES, type ServiceStatus, type SslStatus, type SslTaskRow } from '../../../../shared/index.js';
import type { Translate } from '../../../lib/error-text.js';
import { NAME_SLOT, withName } from '../hooks/use-row-texts.js';
import { localDateTime } from '../export-table.js';
import { editPathOf } from '../monitor-types.js';
import { daysLeftLabelOf } from '../ssl-status.js';
import { NoValue, SERVICE_TONES, ToneBadge } from './service-status.js';
import { EditLink, type SharedRowActions } from './task-cells.js';

export interface SslRowActions extends SharedRowActions<SslTaskRow> {
  onCheck: (row: SslTaskRow) => void;
}

/** The SSL status in the service colours, with its word (never colour alone); "not checked yet" before any check. */
export function SslStatusBadge({ status, tone }: { status: SslStatus | null; tone: ServiceStatus }) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={tone} data={{ 'data-ssl-status': status ?? 'none' }}>
      {t(`monitor:ssl.status.${status ?? 'none'}`)}
    </ToneBadge>
  );
}

export function DaysLeftText({ daysLeft, tone }: { daysLeft: number | null; tone: ServiceStatus }) {
  const { t } = useTranslation();
  const days = daysLeftLabelOf(daysLeft);
  return <span className={`whitespace-nowrap tabular-nums ${SERVICE_TONES[tone].text}`}>{t(`monitor:ssl.days.${days.key}`, { count: days.count })}</span>;
}

export function DateText({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  if (iso === null) return <NoValue t={t} />;
  return <span className="whitespace-nowrap tabular-nums">{localDateTime(iso)}</span>;
}

/** "Check now" (anyone who may view may check: it changes no data) and edit. */
export function SslRowButtons({ row, actions, t }: { row: SslTaskRow; actions: SslRowActions; t: Translate }) {
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
      {!actions.readOnly && <EditLink to={editPathOf(MONITOR_TYPES.SSL, row.id)} name={row.name} t={t} />}
    </span>
  );
}
