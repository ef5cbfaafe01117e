import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, NewsItem } from '../../../../shared/index.js';
import { localDayOf } from '../overview-cards.js';
import { CARD_PAGE_SIZE, newsQuery } from './api.js';
import { Card, CardPager, CardState, UnreadBadge, UnreadDot, stateOf } from './card-parts.js';
import { NewsDialog, useFocusReturn } from './lazy-dialogs.js';
import { useMarkNewsRead } from './use-mark-read.js';

function NewsEntry({ item, onOpen }: { item: NewsItem; onOpen: () => void }) {
  return (
    <li data-news-id={item.id} data-read={item.read ? 'true' : 'false'}>
      <button type="button" onClick={onOpen} className="focus-ring flex min-h-11 w-full items-start gap-2 rounded px-1 py-2 text-left hover:bg-slate-50">
        {item.read ? <span aria-hidden="true" className="h-2 w-2 shrink-0" /> : <UnreadDot />}
        <span lang={item.language} className={`min-w-0 flex-1 text-sm break-words ${item.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
          {item.title}
        </span>
        <time dateTime={item.publishedAt} className="shrink-0 text-xs text-slate-500 tabular-nums">
          {localDayOf(item.publishedAt)}
        </time>
      </button>
    </li>
  );
}

/** The operator's news, newest first in the console's language; unread ones marked until opened. */
export function NewsCard({ readOnly }: { readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const news = useQuery(newsQuery(i18n.language as Language, page));
  const markRead = useMarkNewsRead(readOnly);
  const open = news.data?.list.find((item) => item.id === openId);
  useFocusReturn(open !== undefined);
  const openItem = (item: NewsItem) => {
    setOpenId(item.id);
    if (!item.read) markRead(item.id);
  };
  return (
    <Card id="news-title" title={t('feedback:news.title')} aside={<UnreadBadge count={news.data?.unread ?? 0} />}>
      {!news.data && <CardState state={stateOf(news)} onRetry={() => void news.refetch()} />}
      {news.data?.list.length === 0 && <p className="text-sm text-slate-600">{t('feedback:news.empty')}</p>}
      {news.data && news.data.list.length > 0 && (
        <ul className="-mx-1 flex flex-col divide-y divide-slate-100">
          {news.data.list.map((item) => (
            <NewsEntry key={item.id} item={item} onOpen={() => openItem(item)} />
          ))}
        </ul>
      )}
      {news.data && <CardPager page={page} total={news.data.total} pageSize={CARD_PAGE_SIZE} onPage={setPage} label={t('feedback:news.pages')} />}
      {open && (
        <Suspense fallback={null}>
          <NewsDialog item={open} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </Card>
  );
}
