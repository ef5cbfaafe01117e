import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../shared/index.js';
import { numberText } from '../lib/number-text.js';
import { pageCount } from '../lib/paging.js';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The total as the list words it ("12 nodes", "12 tasks"), from the caller's namespace. */
  totalText: (formattedTotal: string) => string;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

const pagerButton =
  'focus-ring min-h-11 lg:min-h-9 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400';

/** Page size (PAGE_SIZES of §9) and previous/next under every paged list of the console. */
export function Pagination({ page, pageSize, total, totalText, onPage, onPageSize }: PaginationProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={t('paging.label')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p>{totalText(numberText(total))}</p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>{t('paging.pageSize')}</label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className="focus-ring min-h-11 lg:min-h-9 rounded-md border border-slate-300 bg-white py-1.5 pr-7 pl-2 text-sm"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <button type="button" className={pagerButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('paging.previous')}
          </button>
          <span aria-live="polite">{t('paging.pageOf', { page: numberText(page), pages: numberText(pages) })}</span>
          <button type="button" className={pagerButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('paging.next')}
          </button>
        </div>
      </div>
    </nav>
  );
}
