import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.js';

/** The honest state of a screen a later issue builds: its title and a sentence, never sample data. */
export function NotAvailableScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t(titleKey)} />
      <div role="status" className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="font-medium text-slate-800">{t('notAvailable.title')}</p>
        <p className="mt-2 text-sm text-slate-600">{t('notAvailable.description')}</p>
      </div>
    </div>
  );
}
