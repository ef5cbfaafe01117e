import {
  AUTO_REFRESH_SECONDS,
  DEFAULT_PAGE_SIZE,
  ENABLE_STATUS,
  LIMITS,
  PAGE_SIZES,
  SORT_ORDERS,
  SSL_FILTER_VALUES,
  SSL_SORT_FIELDS,
  type EnableStatus,
  type SslFilter,
  type SslSearchBody,
} from '../../../shared/index.js';
import { oneOf, positiveInteger } from '../../lib/url-params.js';
import type { RefreshSeconds, SortOrder } from './list-view.js';

/**
 * The SSL task list's state (/monitor/7), kept in the URL like the other lists: search, SSL status
 * (`ssl`, SSL_FILTER) and status filters, sorting, paging and auto-refresh (`refresh`, seconds).
 * Never-checked certificates have no SSL status and sort last.
 */
export type SslSortField = (typeof SSL_SORT_FIELDS)[number];

export interface SslListView {
  keyword: string;
  /** SSL_FILTER: an SSL status, check failed, not checked yet, or expired or check failed. */
  sslStatus?: SslFilter;
  status?: EnableStatus;
  sortBy: SslSortField;
  sortOrder: SortOrder;
  page: number;
  pageSize: number;
  refresh: RefreshSeconds;
}

export type SslFilterName = 'sslStatus' | 'status';

const ENABLE_STATUS_VALUES: readonly EnableStatus[] = Object.values(ENABLE_STATUS);

/** Soonest expiry first: what needs renewing is at the top. */
export const DEFAULT_SSL_VIEW: SslListView = { keyword: '', sortBy: 'expiry', sortOrder: 'asc', page: 1, pageSize: DEFAULT_PAGE_SIZE, refresh: 0 };

/** The order a column starts in when chosen: soonest expiry, names from A, newest first. */
export const SSL_FIRST_ORDER: Readonly<Record<SslSortField, SortOrder>> = { expiry: 'asc', name: 'asc', createdAt: 'desc' };

const PARAM = { keyword: 'q', sslStatus: 'ssl', status: 'status', sortBy: 'sort', sortOrder: 'order', page: 'page', pageSize: 'size', refresh: 'refresh' } as const;

/** Reads the view from search params; unknown or invalid values fall back to "any" and the defaults. */
export function sslViewFromSearchParams(params: URLSearchParams): SslListView {
  const keyword = params.get(PARAM.keyword)?.trim() ?? '';
  const view: SslListView = {
    keyword: keyword.length > LIMITS.nameMax ? '' : keyword,
    sortBy: oneOf(SSL_SORT_FIELDS, params.get(PARAM.sortBy)) ?? DEFAULT_SSL_VIEW.sortBy,
    sortOrder: oneOf(SORT_ORDERS, params.get(PARAM.sortOrder)) ?? DEFAULT_SSL_VIEW.sortOrder,
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get(PARAM.pageSize)) ?? DEFAULT_PAGE_SIZE,
    refresh: oneOf(AUTO_REFRESH_SECONDS, params.get(PARAM.refresh)) ?? 0,
  };
  const sslStatus = oneOf(SSL_FILTER_VALUES, params.get(PARAM.sslStatus));
  const status = oneOf(ENABLE_STATUS_VALUES, params.get(PARAM.status));
  if (sslStatus !== undefined) view.sslStatus = sslStatus;
  if (status !== undefined) view.status = status;
  return view;
}

/** The view as search params: only what differs from the defaults, in a stable order. */
export function sslSearchParamsFromView(view: SslListView): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: keyof typeof PARAM, value: string | number | undefined, fallback?: string | number) => {
    if (value !== undefined && value !== '' && value !== fallback) params.set(PARAM[name], String(value));
  };
  set('keyword', view.keyword);
  set('sslStatus', view.sslStatus);
  set('status', view.status);
  set('sortBy', view.sortBy, DEFAULT_SSL_VIEW.sortBy);
  set('sortOrder', view.sortOrder, DEFAULT_SSL_VIEW.sortOrder);
  set('refresh', view.refresh, 0);
  set('page', view.page, 1);
  set('pageSize', view.pageSize, DEFAULT_PAGE_SIZE);
  return params;
}

/** Sets one filter from a select's value ('' is "any"); any filter change goes back to page 1. */
export function withSslFilter(view: SslListView, name: SslFilterName, raw: string): SslListView {
  const params = sslSearchParamsFromView({ ...view, page: 1 });
  if (raw === '') params.delete(PARAM[name]);
  else params.set(PARAM[name], raw);
  return sslViewFromSearchParams(params);
}

export function withSslKeyword(view: SslListView, keyword: string): SslListView {
  return { ...view, keyword: keyword.trim().slice(0, LIMITS.nameMax), page: 1 };
}

/** Chooses the sort column; choosing the current one again turns the order around. */
export function withSslSort(view: SslListView, sortBy: SslSortField, sortOrder?: SortOrder): SslListView {
  const flipped: SortOrder = view.sortOrder === 'asc' ? 'desc' : 'asc';
  return { ...view, sortBy, sortOrder: sortOrder ?? (view.sortBy === sortBy ? flipped : SSL_FIRST_ORDER[sortBy]), page: 1 };
}

export function withSslPage(view: SslListView, page: number): SslListView {
  return { ...view, page: Math.max(1, Math.floor(page)) };
}

export function withSslPageSize(view: SslListView, pageSize: number): SslListView {
  return { ...view, pageSize: oneOf(PAGE_SIZES, String(pageSize)) ?? DEFAULT_PAGE_SIZE, page: 1 };
}

/** How often the list asks again; anything but an offered pace is off. Paging and filters stay. */
export function withSslRefresh(view: SslListView, refresh: number): SslListView {
  return { ...view, refresh: oneOf(AUTO_REFRESH_SECONDS, String(refresh)) ?? 0 };
}

export function hasSslFilters(view: SslListView): boolean {
  return view.keyword !== '' || view.sslStatus !== undefined || view.status !== undefined;
}

/** Clears the search and the filters; keeps sorting, page size and refresh. */
export function withoutSslFilters(view: SslListView): SslListView {
  const { sslStatus: _sslStatus, status: _status, ...rest } = view;
  return { ...rest, keyword: '', page: 1 };
}

/** The body of POST /domain/ssl/search for the view. */
export function sslSearchBodyOf(view: SslListView): SslSearchBody {
  const body: SslSearchBody = { page: view.page, pageSize: view.pageSize, sortBy: view.sortBy, sortOrder: view.sortOrder };
  if (view.keyword !== '') body.keyword = view.keyword;
  if (view.sslStatus !== undefined) body.sslStatus = view.sslStatus;
  if (view.status !== undefined) body.status = view.status;
  return body;
}
