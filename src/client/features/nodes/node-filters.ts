import {
  CHINA_REGIONS,
  COUNTRIES,
  DEFAULT_PAGE_SIZE,
  ISP_CODES,
  MAP_TYPES,
  NODE_STATUSES,
  PAGE_SIZES,
  type ChinaRegion,
  type Country,
  type IspCode,
  type MapType,
  type NodeListBody,
  type NodeStatus,
} from '../../../shared/index.js';

/** What the /nodes screen shows: its filters and page, kept in the URL's search params. */
export interface NodeListView {
  mapType?: MapType;
  region?: ChinaRegion;
  country?: Country;
  isp?: IspCode;
  status?: NodeStatus;
  page: number;
  pageSize: number;
}

export type NodeFilterName = 'mapType' | 'region' | 'country' | 'isp' | 'status';

export const NODE_FILTER_NAMES: readonly NodeFilterName[] = ['mapType', 'region', 'country', 'isp', 'status'];

export const MAP_TYPE_CODES: readonly MapType[] = Object.values(MAP_TYPES);
export const ISP_CODE_VALUES: readonly IspCode[] = Object.values(ISP_CODES);

export const DEFAULT_NODE_LIST_VIEW: NodeListView = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

function oneOf<T extends string | number>(values: readonly T[], raw: string | null): T | undefined {
  if (raw === null) return undefined;
  return values.find((value) => String(value) === raw);
}

function positiveInteger(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 ? value : undefined;
}

/** Regions exist only in China: a region goes with the China map or with no map type chosen. */
export function regionApplies(mapType: MapType | undefined): boolean {
  return mapType === undefined || mapType === MAP_TYPES.CHINA;
}

/** Reads the view from search params; unknown or invalid values fall back to "any" and the defaults. */
export function viewFromSearchParams(params: URLSearchParams): NodeListView {
  const view: NodeListView = {
    page: positiveInteger(params.get('page')) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('pageSize')) ?? DEFAULT_PAGE_SIZE,
  };
  const mapType = oneOf(MAP_TYPE_CODES, params.get('mapType'));
  const region = oneOf(CHINA_REGIONS, params.get('region'));
  const country = oneOf(COUNTRIES, params.get('country'));
  const isp = oneOf(ISP_CODE_VALUES, params.get('isp'));
  const status = oneOf(NODE_STATUSES, params.get('status'));
  if (mapType !== undefined) view.mapType = mapType;
  if (region !== undefined && regionApplies(mapType)) view.region = region;
  if (country !== undefined) view.country = country;
  if (isp !== undefined) view.isp = isp;
  if (status !== undefined) view.status = status;
  return view;
}

/** The view as search params: only what differs from the defaults, in a stable order. */
export function searchParamsFromView(view: NodeListView): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of NODE_FILTER_NAMES) {
    const value = view[name];
    if (value !== undefined) params.set(name, String(value));
  }
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
}

/** Sets one filter from a select's value ('' is "any"); any filter change goes back to page 1. */
export function withFilter(view: NodeListView, name: NodeFilterName, raw: string): NodeListView {
  const params = searchParamsFromView({ ...view, page: 1 });
  if (raw === '') params.delete(name);
  else params.set(name, raw);
  return viewFromSearchParams(params);
}

export function withPage(view: NodeListView, page: number): NodeListView {
  return { ...view, page: Math.max(1, Math.floor(page)) };
}

/** A new page size starts again at page 1, so the user never lands past the end. */
export function withPageSize(view: NodeListView, pageSize: number): NodeListView {
  const size = oneOf(PAGE_SIZES, String(pageSize)) ?? DEFAULT_PAGE_SIZE;
  return { ...view, pageSize: size, page: 1 };
}

export function hasFilters(view: NodeListView): boolean {
  return NODE_FILTER_NAMES.some((name) => view[name] !== undefined);
}

/** Clears every filter and keeps the page size. */
export function withoutFilters(view: NodeListView): NodeListView {
  return { page: 1, pageSize: view.pageSize };
}

/** The body of POST /nodes/list for the view. */
export function listBodyOf(view: NodeListView): NodeListBody {
  const body: NodeListBody = { page: view.page, pageSize: view.pageSize };
  if (view.mapType !== undefined) body.mapType = view.mapType;
  if (view.region !== undefined) body.region = view.region;
  if (view.country !== undefined) body.country = view.country;
  if (view.isp !== undefined) body.isp = view.isp;
  if (view.status !== undefined) body.status = view.status;
  return body;
}
