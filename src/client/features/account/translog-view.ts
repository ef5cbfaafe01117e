import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type TranslogFilters, type TranslogListBody } from '../../../shared/index.js';
import { POINT_TRANSACTION_KINDS, type PointTransactionKind } from '../../../shared/points.js';
import { oneOf, positiveInteger } from '../../lib/url-params.js';

/** The points log's filters and page, kept in the URL (`kind`, `from`, `to`, `page`, `size`; defaults left out). */
export interface TranslogView {
  kind: PointTransactionKind | null;
  /** Calendar days (yyyy-mm-dd) in the browser's time zone, both included. */
  fromDay: string;
  toDay: string;
  page: number;
  pageSize: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (raw: string | null) => (raw !== null && DAY.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : '');

export function translogViewOf(params: URLSearchParams): TranslogView {
  return {
    kind: oneOf(POINT_TRANSACTION_KINDS, params.get('kind')) ?? null,
    fromDay: dayOf(params.get('from')),
    toDay: dayOf(params.get('to')),
    page: positiveInteger(params.get('page')) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size')) ?? DEFAULT_PAGE_SIZE,
  };
}

export function translogViewParams(view: TranslogView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.kind !== null) params.set('kind', view.kind);
  if (view.fromDay !== '') params.set('from', view.fromDay);
  if (view.toDay !== '') params.set('to', view.toDay);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** Local midnight of a yyyy-mm-dd day, `plusDays` later, in epoch ms. */
function localMidnight(day: string, plusDays = 0): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).getTime();
}

/** The filters as the calls take them: days become [from's midnight, the midnight after `to`). */
export function translogFiltersOf(view: TranslogView): TranslogFilters {
  const filters: TranslogFilters = {};
  if (view.kind !== null) filters.kind = view.kind;
  if (view.fromDay !== '') filters.from = localMidnight(view.fromDay);
  if (view.toDay !== '') filters.to = localMidnight(view.toDay, 1);
  return filters;
}

export function translogBodyOf(view: TranslogView): TranslogListBody {
  return { ...translogFiltersOf(view), page: view.page, pageSize: view.pageSize };
}

export const isFiltered = (view: TranslogView) => view.kind !== null || view.fromDay !== '' || view.toDay !== '';

/** A days range that ends before it starts: nothing is asked, the filter says why. */
export const daysReversed = (view: TranslogView) => view.fromDay !== '' && view.toDay !== '' && view.toDay < view.fromDay;

export const withPage = (view: TranslogView, page: number): TranslogView => ({ ...view, page: Math.max(1, page) });
