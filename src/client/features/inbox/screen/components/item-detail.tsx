import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InboxItem } from '../../../../../shared/index.js';
import { Button } from '../../../../components/button.js';
import { CloseIcon } from '../../../../components/icons.js';
import { ListLoadError, ListSkeleton } from '../../../../components/list-states.js';
import { Fact } from '../../../../components/table-parts.js';
import { ApiError } from '../../../../lib/api-failure.js';
import { useConnectionProblem } from '../../../../lib/offline/connection.js';
import { inboxListQueryKey } from '../../api.js';
import { useItemText } from '../../item-text.js';
import { progressFreshness, targetLinkOf } from '../item-facts.js';
import { inboxItemQuery, isProcessingImport } from '../screen-api.js';
import { DeployDetail } from './deploy-detail.js';
import { Facts, TimeText } from './detail-facts.js';
import { ImportDetail } from './import-detail.js';

const isNotFound = (error: unknown) => error instanceof ApiError && error.failure.kind === 'envelope' && Number(error.failure.code) === 2106;

/** What the item is about, for its type; an alert's is its link to the log. */
function TypeSection({ item, full, fresh, updatedAt }: { item: InboxItem; full: boolean; fresh: boolean; updatedAt: number }) {
  const connected = useConnectionProblem() === null;
  if (item.type === 'import') return <ImportDetail item={item} full={full} freshness={progressFreshness(item, fresh, connected)} updatedAt={updatedAt} />;
  if (item.type === 'deploy') return <DeployDetail item={item} />;
  return null;
}

function DetailBody({ item, full, fresh, updatedAt }: { item: InboxItem; full: boolean; fresh: boolean; updatedAt: number }) {
  const { t, i18n } = useTranslation();
  const { body } = useItemText(item);
  const target = targetLinkOf(item);
  const typeKey = `inboxscreen:types.${item.type}`;
  return (
    <div className="flex flex-col gap-4">
      {body !== null && <p className="text-sm text-slate-700">{body}</p>}
      <Facts>
        {i18n.exists(typeKey) && <Fact label={t('inboxscreen:type')}>{t(typeKey)}</Fact>}
        <Fact label={t('inboxscreen:status')}>{t(`inbox.status.${item.status}`)}</Fact>
        <Fact label={t('inboxscreen:received')}>
          <TimeText iso={item.createdAt} />
        </Fact>
      </Facts>
      <TypeSection item={item} full={full} fresh={fresh} updatedAt={updatedAt} />
      {target && (
        <Link to={target.path} className="focus-ring self-start rounded text-sm font-medium text-brand-700 underline underline-offset-2">
          {t(target.labelKey)}
        </Link>
      )}
    </div>
  );
}

/** When a processing import's detail finds it finished, the pages showing it as processing are asked again. */
function useListRefreshOnFinish(item: InboxItem | undefined) {
  const queryClient = useQueryClient();
  const wasProcessing = useRef(false);
  const processing = isProcessingImport(item);
  useEffect(() => {
    if (wasProcessing.current && !processing) void queryClient.invalidateQueries({ queryKey: inboxListQueryKey });
    wasProcessing.current = processing;
  }, [processing, queryClient]);
}

type ItemQuery = ReturnType<typeof useItemQuery>;

function useItemQuery(sno: string) {
  const query = useQuery(inboxItemQuery(sno));
  useListRefreshOnFinish(query.data);
  return query;
}

function DetailState({ query, item }: { query: ItemQuery; item: InboxItem | undefined }) {
  const { t } = useTranslation();
  if (query.isError && isNotFound(query.error)) return <p className="text-sm text-slate-700">{t('inboxscreen:notFound')}</p>;
  if (item) return <DetailBody item={item} full={query.data !== undefined} fresh={query.isFetchedAfterMount && !query.isError} updatedAt={query.dataUpdatedAt} />;
  if (query.isError) return <ListLoadError text={t('inboxscreen:detailLoadFailed')} onRetry={() => void query.refetch()} />;
  return <ListSkeleton rows={3} />;
}

/**
 * The open item's detail, beside the list on a wide screen and above it on a phone. Opening it
 * moves focus to its heading (keyboard and screen reader users land in it).
 */
export function ItemDetail({ id, sno, listed, onClose }: { id: string; sno: string; listed: InboxItem | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useItemQuery(sno);
  const item = query.data ?? listed;
  const { title } = useItemText(item ?? { title: 'inboxscreen:detailTitle', titleParams: {} });
  useEffect(() => headingRef.current?.focus(), [sno]);
  return (
    <section id={id} aria-labelledby={`${id}-heading`} data-inbox-detail={sno} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex items-start justify-between gap-2">
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="min-w-0 text-base font-semibold break-words text-slate-900 focus:outline-none">
          {title}
        </h2>
        <Button variant="secondary" className="!p-1.5" aria-label={t('inboxscreen:closeDetail')} onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <DetailState query={query} item={item} />
    </section>
  );
}
