import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.js';

/** A card of the overview with its heading and, beside it, what the heading needs (a count, an action). */
export function Card({ id, title, aside, children }: { id: string; title: ReactNode; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** How many items are unread, as a badge beside a heading (nothing when none). */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">{t('feedback:unreadCount', { count })}</span>;
}

/** The dot an unread entry carries, with the word for screen readers. */
export function UnreadDot() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" />
      <span className="sr-only">{t('feedback:unread')}</span>
    </>
  );
}

/** Loading, offline with nothing kept, and failure states of a card's list. */
export function CardState({ state, onRetry }: { state: 'loading' | 'paused' | 'failed'; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="text-sm text-slate-600">
      {state === 'paused' ? t('offline.notSaved') : t('loading')}
    </p>
  );
}

const pagerButton = 'focus-ring min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 lg:min-h-9';

/** Newer/older pages of a card's list, shown only when there is more than one page. */
export function CardPager({ page, total, pageSize, onPage, label }: { page: number; total: number; pageSize: number; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-2 text-sm text-slate-700">
      <button type="button" className={pagerButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('feedback:newer')}
      </button>
      <span aria-live="polite">{t('paging.pageOf', { page, pages })}</span>
      <button type="button" className={pagerButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('feedback:older')}
      </button>
    </nav>
  );
}

/** Which state a card's query is in when it has no data to show. */
export function stateOf(query: { isError: boolean; fetchStatus: string }): 'loading' | 'paused' | 'failed' {
  if (query.isError) return 'failed';
  return query.fetchStatus === 'paused' ? 'paused' : 'loading';
}
