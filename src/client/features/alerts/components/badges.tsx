import { useTranslation } from 'react-i18next';

const PILL = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

/** An incident of the rule (or of the rule on this task) is going on. */
export function FiringBadge({ firing }: { firing: boolean }) {
  const { t } = useTranslation();
  if (!firing) return <span className={`${PILL} bg-slate-50 text-slate-600 ring-slate-200`}>{t('alerts:firing.quiet')}</span>;
  return (
    <span data-firing="true" className={`${PILL} bg-red-50 text-red-800 ring-red-200`}>
      <span aria-hidden="true" className="mr-1 size-1.5 rounded-full bg-red-600" />
      {t('alerts:firing.on')}
    </span>
  );
}

const DELIVERY_TONES: Readonly<Record<string, string>> = {
  ok: 'bg-green-50 text-green-800 ring-green-200',
  sent: 'bg-green-50 text-green-800 ring-green-200',
  pending: 'bg-brand-50 text-brand-700 ring-brand-100',
  failing: 'bg-amber-50 text-amber-900 ring-amber-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  blocked: 'bg-red-50 text-red-800 ring-red-200',
};

/** A chat's delivery state (settings) or a message's (log), in words and colour. */
export function DeliveryBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <span data-delivery={state} className={`${PILL} ${DELIVERY_TONES[state] ?? DELIVERY_TONES.pending}`}>
      {t(`alerts:delivery.${state}`)}
    </span>
  );
}
