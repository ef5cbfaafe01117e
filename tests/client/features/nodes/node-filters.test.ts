import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NODE_LIST_VIEW,
  hasFilters,
  listBodyOf,
  searchParamsFromView,
  viewFromSearchParams,
  withFilter,
  withPage,
  withPageSize,
  withoutFilters,
} from '../../../../src/client/features/nodes/node-filters.js';
import { pageCount } from '../../../../src/client/lib/paging.js';
import { NodeListBody } from '../../../../src/shared/index.js';

const read = (query: string) => viewFromSearchParams(new URLSearchParams(query));

describe('node list view in the URL', () => {
  it('starts on page 1 of 10 with no filter', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 10 });
    expect(DEFAULT_NODE_LIST_VIEW).toEqual({ page: 1, pageSize: 10 });
    expect(searchParamsFromView(read('')).toString()).toBe('');
  });

  it('reads every filter and the page back from what it wrote, so a reload shows the same list', () => {
    const view = { mapType: 1, region: 'NC', country: 'CN', isp: 2, status: 'none', page: 3, pageSize: 50 } as const;
    const query = searchParamsFromView(view).toString();
    expect(query).toBe('mapType=1&region=NC&country=CN&isp=2&status=none&page=3&pageSize=50');
    expect(read(query)).toEqual(view);
  });

  it('ignores values outside the code tables instead of sending a bad request', () => {
    expect(read('mapType=7&region=XX&country=FR&isp=5&status=broken&page=0&pageSize=20')).toEqual({ page: 1, pageSize: 10 });
    expect(read('page=-2')).toEqual({ page: 1, pageSize: 10 });
    expect(read('page=2.5&pageSize=abc')).toEqual({ page: 1, pageSize: 10 });
    expect(read('isp=0&country=TW')).toEqual({ isp: 0, country: 'TW', page: 1, pageSize: 10 });
  });

  it('keeps a region only with the China map or no map type', () => {
    expect(read('region=SW').region).toBe('SW');
    expect(read('mapType=1&region=SW').region).toBe('SW');
    expect(read('mapType=2&region=SW').region).toBeUndefined();
    expect(read('mapType=3&region=SW').region).toBeUndefined();
  });
});

describe('changing the view', () => {
  const onPage4 = read('isp=1&page=4&pageSize=30');

  it('sets or clears one filter and goes back to page 1, keeping the page size', () => {
    expect(withFilter(onPage4, 'mapType', '1')).toEqual({ mapType: 1, isp: 1, page: 1, pageSize: 30 });
    expect(withFilter(onPage4, 'isp', '')).toEqual({ page: 1, pageSize: 30 });
    expect(withFilter(onPage4, 'status', 'usable')).toEqual({ isp: 1, status: 'usable', page: 1, pageSize: 30 });
  });

  it('drops the region when the map type leaves China', () => {
    const china = read('mapType=1&region=EC');
    expect(withFilter(china, 'mapType', '3')).toEqual({ mapType: 3, page: 1, pageSize: 10 });
    expect(withFilter(china, 'mapType', '')).toEqual({ region: 'EC', page: 1, pageSize: 10 });
  });

  it('pages, and restarts at page 1 with a new page size', () => {
    expect(withPage(onPage4, 5).page).toBe(5);
    expect(withPage(onPage4, 0).page).toBe(1);
    expect(withPageSize(onPage4, 100)).toEqual({ isp: 1, page: 1, pageSize: 100 });
    expect(withPageSize(onPage4, 7).pageSize).toBe(10);
  });

  it('resets every filter and keeps the page size', () => {
    const filtered = read('mapType=1&isp=2&status=none&pageSize=50&page=2');
    expect(hasFilters(filtered)).toBe(true);
    expect(withoutFilters(filtered)).toEqual({ page: 1, pageSize: 50 });
    expect(hasFilters(withoutFilters(filtered))).toBe(false);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(229, 100)).toBe(3);
  });
});

describe('the /nodes/list body', () => {
  it('carries only the chosen filters and passes the shared schema', () => {
    const body = listBodyOf(read('mapType=1&isp=2&page=2'));
    expect(body).toEqual({ mapType: 1, isp: 2, page: 2, pageSize: 10 });
    expect(NodeListBody.safeParse(body).success).toBe(true);
    const everything = listBodyOf(read('mapType=1&region=NE&country=CN&isp=3&status=warning&pageSize=100'));
    expect(NodeListBody.safeParse(everything).success).toBe(true);
  });
});
