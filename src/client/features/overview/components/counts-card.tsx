import { useTranslation } from 'react-i18next';
import type { MonitorQtyAnswer } from '../../../../shared/index.js';

/** How many tasks the customer has in all, enabled and disabled (/domain/monitor_qty). */
export function CountsCard({ qty }: { qty: MonitorQtyAnswer }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    { key: 'total', label: t('overview:totalTasks'), value: qty.total },
    { key: 'enabled', label: t('overview:enabledTasks'), value: qty.enabled },
    { key: 'disabled', label: t('overview:disabledTasks'), value: qty.disabled },
  ];
  return (
    <section aria-labelledby="counts-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="counts-title" className="mb-3 text-base font-semibold text-slate-900">
        {t('overview:countsTitle')}
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {figures.map((figure) => (
          <div key={figure.key} className="flex flex-col gap-0.5">
            <dt className="text-xs text-slate-500">{figure.label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{number.format(figure.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
