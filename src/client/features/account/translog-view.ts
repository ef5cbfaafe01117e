import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type TranslogFilters, type TranslogListBody } from '../../../shared/index.js';
import { POINT_TRANSACTION_KINDS, type PointTransactionKind } from '../../../shared/points.js';
import { dayRangeBounds, dayRangeOf, setDayRangeParams, type DayRange } from '../../lib/day-range.js';
import { oneOf, positiveInteger } from '../../lib/url-params.js';

export { daysReversed } from '../../lib/day-range.js';

/** The points log's filters and page, kept in the URL (`kind`, `from`, `to`, `page`, `size`; defaults left out). */
export interface TranslogView extends DayRange {
  kind: PointTransactionKind | null;
  page: number;
  pageSize: number;
}

export function translogViewOf(params: URLSearchParams): TranslogView {
  return {
    kind: oneOf(POINT_TRANSACTION_KINDS, params.get('kind')) ?? null,
    ...dayRangeOf(params),
    page: positiveInteger(params.get('page')) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size')) ?? DEFAULT_PAGE_SIZE,
  };
}

export function translogViewParams(view: TranslogView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.kind !== null) params.set('kind', view.kind);
  setDayRangeParams(params, view);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** The filters as the calls take them: days become [from's midnight, the midnight after `to`). */
export function translogFiltersOf(view: TranslogView): TranslogFilters {
  const filters: TranslogFilters = {};
  if (view.kind !== null) filters.kind = view.kind;
  return { ...filters, ...dayRangeBounds(view) };
}

export function translogBodyOf(view: TranslogView): TranslogListBody {
  return { ...translogFiltersOf(view), page: view.page, pageSize: view.pageSize };
}

export const isFiltered = (view: TranslogView) => view.kind !== null || view.fromDay !== '' || view.toDay !== '';

export const withPage = (view: TranslogView, page: number): TranslogView => ({ ...view, page: Math.max(1, page) });
