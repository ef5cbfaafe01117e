import { useTranslation } from 'react-i18next';
import { MONITOR_TYPE_CODES } from '../../../../shared/index.js';
import { NetworkLink } from '../../../components/button.js';
import { createPathOf } from '../../../lib/task-paths.js';

/** The customer has no task yet: what each of the seven types watches, each a way into its form. */
export function FirstTask() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="first-task-title" className="flex flex-col gap-4 rounded-lg border border-dashed border-slate-300 bg-white p-6 sm:p-8">
      <div role="status" className="flex flex-col gap-1 text-center">
        <p className="font-medium text-slate-800">{t('overview:emptyTitle')}</p>
        <p className="text-sm text-slate-600">{t('overview:emptyText')}</p>
      </div>
      <h2 id="first-task-title" className="text-center text-base font-semibold text-slate-900">
        {t('overview:createFirst')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {MONITOR_TYPE_CODES.map((type) => (
          <li key={type}>
            <NetworkLink
              to={createPathOf(type)}
              data-create-type={type}
              className="focus-ring flex min-h-11 flex-col rounded-md border border-slate-200 px-4 py-3 hover:border-brand-600 hover:bg-slate-50"
            >
              <span className="text-sm font-semibold text-brand-700">{t(`overview:createType.${type}`)}</span>
              <span className="text-xs text-slate-600">{t(`overview:typeUse.${type}`)}</span>
            </NetworkLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
