import { DEFAULT_PAGE_SIZE, GROUP_SORT_FIELDS, LIMITS, PAGE_SIZES, type GroupListBody } from '../../../shared/index.js';
import { oneOf, positiveInteger } from '../../lib/url-params.js';

export type GroupSortField = (typeof GROUP_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/** What a group list shows: search, sorting and page, kept in the URL so a reload shows the same list. */
export interface GroupListView {
  keyword: string;
  sortBy: GroupSortField;
  sortOrder: SortOrder;
  page: number;
  pageSize: number;
}

export const DEFAULT_GROUP_LIST_VIEW: GroupListView = {
  keyword: '',
  sortBy: 'name',
  sortOrder: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

export const SORT_ORDER_VALUES: readonly SortOrder[] = ['asc', 'desc'];

/** The order a column starts in when chosen: names from A, dates newest first. */
export const FIRST_ORDER: Readonly<Record<GroupSortField, SortOrder>> = {
  name: 'asc',
  createdAt: 'desc',
  updatedAt: 'desc',
};

/** URL parameter names (short and stable: links are shared). */
const PARAM = { keyword: 'q', sortBy: 'sort', sortOrder: 'order', page: 'page', pageSize: 'size' } as const;

/** A keyword as the server takes it: trimmed and at most as long as a name. */
export function cleanKeyword(raw: string): string {
  return raw.trim().slice(0, LIMITS.groupNameMax);
}

/** Reads the view from search params; unknown or invalid values fall back to the defaults. */
export function viewFromSearchParams(params: URLSearchParams): GroupListView {
  return {
    keyword: cleanKeyword(params.get(PARAM.keyword) ?? ''),
    sortBy: oneOf(GROUP_SORT_FIELDS, params.get(PARAM.sortBy)) ?? DEFAULT_GROUP_LIST_VIEW.sortBy,
    sortOrder: oneOf(SORT_ORDER_VALUES, params.get(PARAM.sortOrder)) ?? DEFAULT_GROUP_LIST_VIEW.sortOrder,
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get(PARAM.pageSize)) ?? DEFAULT_PAGE_SIZE,
  };
}

/**
 * Writes the view into `base` (other parameters, such as the tab, are kept): only what differs
 * from the defaults, in a stable order.
 */
export function searchParamsFromView(view: GroupListView, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of Object.values(PARAM)) params.delete(name);
  for (const field of ['keyword', 'sortBy', 'sortOrder', 'page', 'pageSize'] as const) {
    if (view[field] !== DEFAULT_GROUP_LIST_VIEW[field]) params.set(PARAM[field], String(view[field]));
  }
  return params;
}

/** A new search starts again at page 1. */
export function withKeyword(view: GroupListView, keyword: string): GroupListView {
  return { ...view, keyword: cleanKeyword(keyword), page: 1 };
}

/** Choosing the sorted column again turns the order round; a new column starts in its first order. */
export function withSortColumn(view: GroupListView, field: GroupSortField): GroupListView {
  const sortOrder = view.sortBy === field ? (view.sortOrder === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[field];
  return { ...view, sortBy: field, sortOrder, page: 1 };
}

export function withSort(view: GroupListView, sortBy: GroupSortField, sortOrder: SortOrder): GroupListView {
  return { ...view, sortBy, sortOrder, page: 1 };
}

export function withPage(view: GroupListView, page: number): GroupListView {
  return { ...view, page: Math.max(1, Math.floor(page)) };
}

/** A new page size starts again at page 1, so the user never lands past the end. */
export function withPageSize(view: GroupListView, pageSize: number): GroupListView {
  return { ...view, pageSize: oneOf(PAGE_SIZES, String(pageSize)) ?? DEFAULT_PAGE_SIZE, page: 1 };
}

/** The body of the list calls (/domain_group/list, /tags/list, /domain_group/addr/search). */
export function listBodyOf(view: GroupListView): NonNullable<GroupListBody> {
  const body: NonNullable<GroupListBody> = { page: view.page, pageSize: view.pageSize, sortBy: view.sortBy, sortOrder: view.sortOrder };
  if (view.keyword !== '') body.keyword = view.keyword;
  return body;
}
