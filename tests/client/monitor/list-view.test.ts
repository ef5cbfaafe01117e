import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_VIEW,
  hasFilters,
  listBodyOf,
  pageCount,
  searchParamsFromView,
  viewFromSearchParams,
  withFilter,
  withKeyword,
  withPage,
  withPageSize,
  withRefresh,
  withSort,
  withTime,
  withoutFilters,
  type MonitorListView,
} from '../../../src/client/features/monitor/list-view.js';
import { targetTextOf } from '../../../src/client/lib/task-paths.js';
import { DomainListBody } from '../../../src/shared/index.js';

const read = (query: string) => viewFromSearchParams(new URLSearchParams(query));

const FULL: MonitorListView = {
  keyword: 'shop',
  group: 'Web shops',
  tag: 'prod',
  status: 1,
  serviceStatus: 3,
  sortBy: 'availability',
  sortOrder: 'asc',
  page: 3,
  pageSize: 50,
  time: { kind: 'last', count: 2, unit: 'week' },
  refresh: 30,
};

describe('list state in the URL', () => {
  it('reads an empty query as the defaults and writes the defaults as an empty query', () => {
    expect(read('')).toEqual(DEFAULT_LIST_VIEW);
    expect(searchParamsFromView(DEFAULT_LIST_VIEW).toString()).toBe('');
  });

  it('round-trips every part of the view, so a reload or a shared link shows the same list', () => {
    const query = searchParamsFromView(FULL).toString();
    expect(query).toBe('q=shop&group=Web+shops&tag=prod&status=1&service=3&sort=availability&order=asc&range=2-week&refresh=30&page=3&size=50');
    expect(read(query)).toEqual(FULL);
  });

  it('keeps the "no data" service status (0), which is a real filter', () => {
    expect(read('service=0').serviceStatus).toBe(0);
    expect(searchParamsFromView({ ...DEFAULT_LIST_VIEW, serviceStatus: 0 }).toString()).toBe('service=0');
  });

  it('falls back to "any" and the defaults for values it does not know', () => {
    const view = read('status=3&service=9&sort=domain&order=up&page=0&size=20&range=5h&refresh=7&group=%20%20&q=' + 'x'.repeat(300));
    expect(view).toEqual(DEFAULT_LIST_VIEW);
    expect(read('page=abc').page).toBe(1);
    expect(read('tag=' + 'x'.repeat(51)).tag).toBeUndefined();
  });
});

describe('changing the view', () => {
  const onPage4 = { ...FULL, page: 4 };

  it('goes back to page 1 when search, a filter, sorting, the range or the page size changes', () => {
    expect(withKeyword(onPage4, '  api  ')).toMatchObject({ keyword: 'api', page: 1 });
    expect(withFilter(onPage4, 'tag', 'eu')).toMatchObject({ tag: 'eu', page: 1 });
    expect(withSort(onPage4, 'name')).toMatchObject({ sortBy: 'name', page: 1 });
    expect(withTime(onPage4, { kind: 'hours', hours: 6 })).toMatchObject({ time: { kind: 'hours', hours: 6 }, page: 1 });
    expect(withPageSize(onPage4, 100)).toMatchObject({ pageSize: 100, page: 1 });
    expect(withRefresh(onPage4, 60)).toMatchObject({ refresh: 60, page: 4 });
  });

  it('clears one filter with an empty choice and ignores values it cannot hold', () => {
    expect(withFilter(FULL, 'group', '').group).toBeUndefined();
    expect(withFilter(FULL, 'status', '2').status).toBe(2);
    expect(withFilter(FULL, 'serviceStatus', '7').serviceStatus).toBeUndefined();
    expect(withPageSize(FULL, 20).pageSize).toBe(10);
    expect(withRefresh(FULL, 45).refresh).toBe(0);
    expect(withPage(FULL, 0).page).toBe(1);
  });

  it('starts a new sort column in its natural order and turns the current one around', () => {
    const byCreated = DEFAULT_LIST_VIEW;
    expect(withSort(byCreated, 'name')).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
    expect(withSort(byCreated, 'availability')).toMatchObject({ sortBy: 'availability', sortOrder: 'asc' });
    expect(withSort(byCreated, 'responseTime')).toMatchObject({ sortBy: 'responseTime', sortOrder: 'desc' });
    expect(withSort(byCreated, 'createdAt')).toMatchObject({ sortBy: 'createdAt', sortOrder: 'asc' });
    expect(withSort(byCreated, 'name', 'desc')).toMatchObject({ sortBy: 'name', sortOrder: 'desc' });
  });

  it('clears search and filters but keeps sorting, range, refresh and page size', () => {
    const cleared = withoutFilters(FULL);
    expect(hasFilters(FULL)).toBe(true);
    expect(hasFilters(cleared)).toBe(false);
    expect(cleared).toEqual({ keyword: '', sortBy: 'availability', sortOrder: 'asc', page: 1, pageSize: 50, time: FULL.time, refresh: 30 });
  });

  it('counts pages, at least one', () => {
    expect([pageCount(0, 10), pageCount(10, 10), pageCount(11, 10), pageCount(101, 100)]).toEqual([1, 1, 2, 2]);
  });
});

describe('listBodyOf', () => {
  const now = Date.UTC(2026, 10, 22, 9, 0);

  it('asks for exactly the view: filters, sorting, page and range', () => {
    const body = listBodyOf(3, FULL, now);
    expect(body).toEqual({
      type: 3,
      keyword: 'shop',
      group: 'Web shops',
      tag: 'prod',
      status: 1,
      serviceStatus: 3,
      sortBy: 'availability',
      sortOrder: 'asc',
      page: 3,
      pageSize: 50,
      from: now - 14 * 86_400_000,
      to: now,
    });
    expect(DomainListBody.safeParse(body).success).toBe(true);
  });

  it('leaves out what is not chosen and sends quick ranges as hours', () => {
    const body = listBodyOf(1, DEFAULT_LIST_VIEW, now);
    expect(body).toEqual({ type: 1, page: 1, pageSize: 10, sortBy: 'createdAt', sortOrder: 'desc', hours: 1 });
    expect(DomainListBody.safeParse(body).success).toBe(true);
  });
});

describe('targetTextOf', () => {
  it('shows the domain with its port and path when the task has them', () => {
    expect(targetTextOf({ domain: 'shop.example.com', port: null, otherPath: '' })).toBe('shop.example.com');
    expect(targetTextOf({ domain: 'shop.example.com', port: 8443, otherPath: '/health' })).toBe('shop.example.com:8443/health');
    expect(targetTextOf({ domain: 'shop.example.com', port: 0, otherPath: 'health' })).toBe('shop.example.com/health');
    expect(targetTextOf({ domain: '2001:db8::1', port: 443 })).toBe('[2001:db8::1]:443');
    expect(targetTextOf({ domain: '2001:db8::1', port: null })).toBe('2001:db8::1');
  });
});
