import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header.js';
import { isListableType } from '../monitor-types.js';
import { MonitorTaskList } from './monitor-list-page.js';
import { TypeTabs } from './type-tabs.js';

/** Traceroute and SSL tasks get their lists with their own calls; until then, an honest state. */
function NotListedYet({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t(`monitor:list.title.${type}`)} />
      <div role="status" className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="font-medium text-slate-800">{t('notAvailable.title')}</p>
        <p className="mt-2 text-sm text-slate-600">{t('notAvailable.description')}</p>
      </div>
    </div>
  );
}

/** /monitor/{type}: the tabs of the seven types and the list of the chosen one (the route checked the type). */
export function MonitorListPage({ readOnly }: { readOnly: boolean }) {
  const type = Number(useParams().type);
  return (
    <div>
      <TypeTabs current={type} />
      {/* Keyed by type: selection and dialogs of one type never carry over to another. */}
      {isListableType(type) ? <MonitorTaskList key={type} type={type} readOnly={readOnly} /> : <NotListedYet type={type} />}
    </div>
  );
}
