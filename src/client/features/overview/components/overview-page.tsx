import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';
import { PageHeader } from '../../../components/page-header.js';
import { accountInfoQuery, monitorQtyQuery, overviewStatusQuery } from '../api.js';
import { FeedbackNewsRow, type FeedbackCardProps } from '../feedback-news/index.js';
import { attentionOrder, typeCardsOf, unlistedTroubleCount } from '../overview-cards.js';
import { AttentionList } from './attention-list.js';
import { CountsCard } from './counts-card.js';
import { FirstTask } from './first-task.js';
import { PointsCard } from './points-card.js';
import { TypeCard } from './type-card.js';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm text-slate-700">{t('overview:loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** /overview: the on-call glance — each type's tasks by band, what is in trouble now, points and counts; news and feedback. */
export function OverviewPage({ feedback }: { feedback: FeedbackCardProps }) {
  const { t } = useTranslation();
  const qty = useQuery(monitorQtyQuery());
  const status = useQuery(overviewStatusQuery());
  const account = useQuery(accountInfoQuery());
  const retry = () => {
    void qty.refetch();
    void status.refetch();
  };
  const noTasks = qty.data?.total === 0;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('routes.overview')}>
        {status.data && <p className="text-sm text-slate-600">{t('overview:lastHour')}</p>}
      </PageHeader>
      {(qty.isError || status.isError) && !qty.data && <LoadFailed onRetry={retry} />}
      {qty.isPending && !qty.isError && (
        <p role="status" className="text-sm text-slate-600">
          {/* Paused: offline, with nothing of the glance saved on this device. */}
          {qty.fetchStatus === 'paused' ? t('offline.notSaved') : t('loading')}
        </p>
      )}
      {noTasks && <FirstTask />}
      {qty.data && !noTasks && (
        <>
          <AttentionList
            tasks={attentionOrder(status.data)}
            unlisted={unlistedTroubleCount(status.data)}
            state={status.data ? 'ready' : status.isError ? 'failed' : 'loading'}
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {typeCardsOf(qty.data, status.data).map((card) => (
              <TypeCard key={card.type} card={card} statusLoaded={status.data !== undefined} />
            ))}
          </div>
        </>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <PointsCard info={account.data} failed={account.isError} />
        {qty.data && <CountsCard qty={qty.data} />}
      </div>
      <FeedbackNewsRow {...feedback} />
    </div>
  );
}
