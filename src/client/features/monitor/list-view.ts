import {
  AUTO_REFRESH_SECONDS,
  DEFAULT_PAGE_SIZE,
  ENABLE_STATUS,
  LIMITS,
  LIST_SORT_FIELDS,
  PAGE_SIZES,
  SERVICE_STATUS,
  SORT_ORDERS,
  type DomainListBody,
  type EnableStatus,
  type ListSortField,
  type ServiceStatus,
} from '../../../shared/index.js';
import { oneOf, positiveInteger } from '../../lib/url-params.js';
import type { ListableType } from './monitor-types.js';
import { DEFAULT_TIME_FILTER, rangeOf, timeFilterFromToken, timeFilterToken, type TimeFilter } from './time-filter.js';

/** The list screens read it from here with the rest of the view. */
export { pageCount } from '../../lib/paging.js';

export type SortOrder = (typeof SORT_ORDERS)[number];
export type RefreshSeconds = (typeof AUTO_REFRESH_SECONDS)[number];

/** What a task list shows: search, filters, sorting, page, time range and refresh, all kept in the URL. */
export interface MonitorListView {
  keyword: string;
  group?: string;
  tag?: string;
  status?: EnableStatus;
  serviceStatus?: ServiceStatus;
  sortBy: ListSortField;
  sortOrder: SortOrder;
  page: number;
  pageSize: number;
  time: TimeFilter;
  refresh: RefreshSeconds;
}

export type ListFilterName = 'group' | 'tag' | 'status' | 'serviceStatus';

export const ENABLE_STATUS_VALUES: readonly EnableStatus[] = Object.values(ENABLE_STATUS);
export const SERVICE_STATUS_VALUES: readonly ServiceStatus[] = Object.values(SERVICE_STATUS);

export const DEFAULT_LIST_VIEW: MonitorListView = {
  keyword: '',
  sortBy: 'createdAt',
  sortOrder: 'desc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  time: DEFAULT_TIME_FILTER,
  refresh: 0,
};

/** The order a column starts in when chosen: worst and newest first, names from A. */
export const FIRST_ORDER: Readonly<Record<ListSortField, SortOrder>> = {
  name: 'asc',
  createdAt: 'desc',
  availability: 'asc',
  responseTime: 'desc',
};

/** URL parameter names (short, stable: links are shared). */
const PARAM = {
  keyword: 'q',
  group: 'group',
  tag: 'tag',
  status: 'status',
  serviceStatus: 'service',
  sortBy: 'sort',
  sortOrder: 'order',
  page: 'page',
  pageSize: 'size',
  time: 'range',
  refresh: 'refresh',
} as const;

function text(raw: string | null, max: number): string | undefined {
  const trimmed = raw?.trim() ?? '';
  return trimmed === '' || trimmed.length > max ? undefined : trimmed;
}

/** Reads the view from search params; unknown or invalid values fall back to "any" and the defaults. */
export function viewFromSearchParams(params: URLSearchParams): MonitorListView {
  const view: MonitorListView = {
    keyword: text(params.get(PARAM.keyword), LIMITS.nameMax) ?? '',
    sortBy: oneOf(LIST_SORT_FIELDS, params.get(PARAM.sortBy)) ?? DEFAULT_LIST_VIEW.sortBy,
    sortOrder: oneOf(SORT_ORDERS, params.get(PARAM.sortOrder)) ?? DEFAULT_LIST_VIEW.sortOrder,
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get(PARAM.pageSize)) ?? DEFAULT_PAGE_SIZE,
    time: timeFilterFromToken(params.get(PARAM.time)) ?? DEFAULT_TIME_FILTER,
    refresh: oneOf(AUTO_REFRESH_SECONDS, params.get(PARAM.refresh)) ?? 0,
  };
  const group = text(params.get(PARAM.group), LIMITS.groupNameMax);
  const tag = text(params.get(PARAM.tag), LIMITS.tagNameMax);
  const status = oneOf(ENABLE_STATUS_VALUES, params.get(PARAM.status));
  const serviceStatus = oneOf(SERVICE_STATUS_VALUES, params.get(PARAM.serviceStatus));
  if (group !== undefined) view.group = group;
  if (tag !== undefined) view.tag = tag;
  if (status !== undefined) view.status = status;
  if (serviceStatus !== undefined) view.serviceStatus = serviceStatus;
  return view;
}

/** The view as search params: only what differs from the defaults, in a stable order. */
export function searchParamsFromView(view: MonitorListView): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: keyof typeof PARAM, value: string | number | undefined, fallback?: string | number) => {
    if (value !== undefined && value !== '' && value !== fallback) params.set(PARAM[name], String(value));
  };
  set('keyword', view.keyword);
  set('group', view.group);
  set('tag', view.tag);
  set('status', view.status);
  set('serviceStatus', view.serviceStatus);
  set('sortBy', view.sortBy, DEFAULT_LIST_VIEW.sortBy);
  set('sortOrder', view.sortOrder, DEFAULT_LIST_VIEW.sortOrder);
  set('time', timeFilterToken(view.time), timeFilterToken(DEFAULT_TIME_FILTER));
  set('refresh', view.refresh, 0);
  set('page', view.page, 1);
  set('pageSize', view.pageSize, DEFAULT_PAGE_SIZE);
  return params;
}

/** Sets one filter from a select's value ('' is "any"); any filter change goes back to page 1. */
export function withFilter(view: MonitorListView, name: ListFilterName, raw: string): MonitorListView {
  const params = searchParamsFromView({ ...view, page: 1 });
  if (raw === '') params.delete(PARAM[name]);
  else params.set(PARAM[name], raw);
  return viewFromSearchParams(params);
}

export function withKeyword(view: MonitorListView, keyword: string): MonitorListView {
  return { ...view, keyword: keyword.trim().slice(0, LIMITS.nameMax), page: 1 };
}

/** Chooses the sort column; choosing the current one again turns the order around. */
export function withSort(view: MonitorListView, sortBy: ListSortField, sortOrder?: SortOrder): MonitorListView {
  const flipped: SortOrder = view.sortOrder === 'asc' ? 'desc' : 'asc';
  const order = sortOrder ?? (view.sortBy === sortBy ? flipped : FIRST_ORDER[sortBy]);
  return { ...view, sortBy, sortOrder: order, page: 1 };
}

export function withTime(view: MonitorListView, time: TimeFilter): MonitorListView {
  return { ...view, time, page: 1 };
}

export function withRefresh(view: MonitorListView, refresh: number): MonitorListView {
  return { ...view, refresh: oneOf(AUTO_REFRESH_SECONDS, String(refresh)) ?? 0 };
}

export function withPage(view: MonitorListView, page: number): MonitorListView {
  return { ...view, page: Math.max(1, Math.floor(page)) };
}

/** A new page size starts again at page 1, so the user never lands past the end. */
export function withPageSize(view: MonitorListView, pageSize: number): MonitorListView {
  return { ...view, pageSize: oneOf(PAGE_SIZES, String(pageSize)) ?? DEFAULT_PAGE_SIZE, page: 1 };
}

/** Whether the list is narrowed (search or filters); sorting, range and paging do not count. */
export function hasFilters(view: MonitorListView): boolean {
  return view.keyword !== '' || [view.group, view.tag, view.status, view.serviceStatus].some((value) => value !== undefined);
}

/** Clears the search and every filter; keeps sorting, range, refresh and page size. */
export function withoutFilters(view: MonitorListView): MonitorListView {
  const { group: _group, tag: _tag, status: _status, serviceStatus: _serviceStatus, ...rest } = view;
  return { ...rest, keyword: '', page: 1 };
}

/** The body of POST /domain/list for the view at `now` (which only "last n" ranges read). */
export function listBodyOf(type: ListableType, view: MonitorListView, now: number): DomainListBody {
  const body: DomainListBody = {
    type,
    page: view.page,
    pageSize: view.pageSize,
    sortBy: view.sortBy,
    sortOrder: view.sortOrder,
    ...rangeOf(view.time, now),
  };
  if (view.keyword !== '') body.keyword = view.keyword;
  if (view.group !== undefined) body.group = view.group;
  if (view.tag !== undefined) body.tag = view.tag;
  if (view.status !== undefined) body.status = view.status;
  if (view.serviceStatus !== undefined) body.serviceStatus = view.serviceStatus;
  return body;
}
