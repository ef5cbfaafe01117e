import { useTranslation } from 'react-i18next';
import { MONITOR_TYPES, type ServiceStatus, type SslTaskRow } from '../../../../shared/index.js';
import { useGatedControl } from '../../../components/button.js';
import type { Translate } from '../../../lib/error-text.js';
import { NAME_SLOT, withName } from '../hooks/use-row-texts.js';
import { localDateTime } from '../export-table.js';
import { editPathOf } from '../../../lib/task-paths.js';
import { daysLeftLabelOf, type SslBadge } from '../ssl-status.js';
import { NoValue, SERVICE_TONES, ToneBadge } from './service-status.js';
import { EditLink, ROW_CONTROL_HEIGHT, type SharedRowActions } from './task-cells.js';

export interface SslRowActions extends SharedRowActions<SslTaskRow> {
  onCheck: (row: SslTaskRow) => void;
}

/** The SSL status in the service colours, with its word (never colour alone): "check failed" when no certificate was read, "not checked yet" before any check. */
export function SslStatusBadge({ badge }: { badge: SslBadge }) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={badge.tone} data={{ 'data-ssl-status': badge.state }}>
      {t(`monitor:ssl.status.${badge.state}`)}
    </ToneBadge>
  );
}

/** Days left in the certificate's colour; "—" (no certificate read) stays grey, the badge says why. */
export function DaysLeftText({ daysLeft, tone }: { daysLeft: number | null; tone: ServiceStatus }) {
  const { t } = useTranslation();
  if (daysLeft === null) return <NoValue t={t} />;
  const days = daysLeftLabelOf(daysLeft);
  return <span className={`whitespace-nowrap tabular-nums ${SERVICE_TONES[tone].text}`}>{t(`monitor:ssl.days.${days.key}`, { count: days.count })}</span>;
}

export function DateText({ iso }: { iso: string | null }) {
  const { t } = useTranslation();
  if (iso === null) return <NoValue t={t} />;
  return <span className="whitespace-nowrap tabular-nums">{localDateTime(iso)}</span>;
}

/** "Check now" (anyone who may view may check: it changes no data, yet it needs the server) and edit. */
export function SslRowButtons({ row, actions, t }: { row: SslTaskRow; actions: SslRowActions; t: Translate }) {
  const gate = useGatedControl();
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        {...gate.control}
        onClick={() => actions.onCheck(row)}
        aria-label={withName(t('monitor:ssl.checkNowTask', { name: NAME_SLOT }), row.name)}
        className={`focus-ring inline-flex ${ROW_CONTROL_HEIGHT} items-center rounded-md px-2 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50`}
      >
        {t('monitor:ssl.checkNow')}
      </button>
      {gate.reason}
      {!actions.readOnly && <EditLink to={editPathOf(MONITOR_TYPES.SSL, row.id)} name={row.name} t={t} />}
    </span>
  );
}
