import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MONITOR_TYPES, SERVICE_STATUS, type ServiceStatus } from '../../../../shared/index.js';
import { bandLabelKeyOf, bandLinkOf, type BandCounts, type TypeCard as TypeCardData } from '../overview-cards.js';
import { BAND_TONES } from './tones.js';

/** The bands in on-call order: trouble first. */
const BANDS: readonly { status: ServiceStatus; field: keyof BandCounts }[] = [
  { status: SERVICE_STATUS.ERROR, field: 'error' },
  { status: SERVICE_STATUS.WARNING, field: 'warning' },
  { status: SERVICE_STATUS.NORMAL, field: 'normal' },
  { status: SERVICE_STATUS.NONE, field: 'none' },
];

function BandLink({ type, status, count }: { type: number; status: ServiceStatus; count: number }) {
  const { t, i18n } = useTranslation();
  const tone = BAND_TONES[status];
  const label = t(bandLabelKeyOf(type, status));
  const shown = new Intl.NumberFormat(i18n.language).format(count);
  return (
    <Link
      to={bandLinkOf(type, status)}
      aria-label={t('overview:bandLink', { band: label, count, shown })}
      data-band={status}
      className="focus-ring flex min-h-11 items-center justify-between gap-2 rounded-md border border-slate-100 px-3 py-2 hover:bg-slate-50"
    >
      <span className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
        <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${tone.dot}`} />
        <span className="break-words">{label}</span>
      </span>
      <span className={`text-base font-semibold tabular-nums ${count > 0 ? tone.text : 'text-slate-400'}`}>{shown}</span>
    </Link>
  );
}

/** One monitor type: its task count and how many of its enabled tasks are in each band (SSL: by certificate). */
export function TypeCard({ card, statusLoaded }: { card: TypeCardData; statusLoaded: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const titleId = `type-card-${card.type}`;
  return (
    <section aria-labelledby={titleId} data-type-card={card.type} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold">
          <Link to={`/monitor/${card.type}`} className="focus-ring rounded text-slate-900 hover:text-brand-700 hover:underline">
            {t(`common:taskTypes.${card.type}`)}
          </Link>
        </h2>
        <p className="text-sm text-slate-600">{t('overview:taskCount', { count: card.total, shown: number.format(card.total) })}</p>
      </header>
      {card.bands ? (
        <div className="grid grid-cols-2 gap-2">
          {BANDS.map(({ status, field }) => (
            <BandLink key={status} type={card.type} status={status} count={card.bands?.[field] ?? 0} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {statusLoaded ? t('overview:enabledCount', { enabled: number.format(card.enabled) }) : t('loading')}
        </p>
      )}
      {card.type === MONITOR_TYPES.SSL && card.bands && <p className="text-xs text-slate-500">{t('overview:sslBasis')}</p>}
      {card.disabled > 0 && <p className="text-xs text-slate-500">{t('overview:disabled', { count: card.disabled, shown: number.format(card.disabled) })}</p>}
    </section>
  );
}
