import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SSL_VIEW,
  hasSslFilters,
  sslSearchBodyOf,
  sslSearchParamsFromView,
  sslViewFromSearchParams,
  withSslFilter,
  withSslKeyword,
  withSslPage,
  withSslPageSize,
  withSslRefresh,
  withSslSort,
  withoutSslFilters,
} from '../../../src/client/features/monitor/ssl-view.js';
import { sslListQuery } from '../../../src/client/features/monitor/api.js';
import { SslSearchBody } from '../../../src/shared/index.js';

const view = (query: string) => sslViewFromSearchParams(new URLSearchParams(query));

describe('the SSL list in the URL', () => {
  it('opens soonest expiry first, 10 a page, and leaves defaults out of the URL', () => {
    expect(view('')).toEqual(DEFAULT_SSL_VIEW);
    expect(sslSearchParamsFromView(DEFAULT_SSL_VIEW).toString()).toBe('');
  });

  it('keeps search, filters, sorting and paging across a reload', () => {
    const shared = view('q=shop&ssl=2&status=1&sort=name&order=desc&page=3&size=30');
    expect(shared).toEqual({ keyword: 'shop', sslStatus: 2, status: 1, sortBy: 'name', sortOrder: 'desc', page: 3, pageSize: 30, refresh: 0 });
    expect(view(sslSearchParamsFromView(shared).toString())).toEqual(shared);
  });

  it('reads values it does not know as "any" and the defaults', () => {
    expect(view('ssl=9&status=0&sort=availability&order=up&page=-2&size=25&refresh=7')).toEqual(DEFAULT_SSL_VIEW);
  });
});

describe('auto-refresh of the SSL list', () => {
  it('keeps the chosen pace in the URL as `refresh`, like the other lists, and leaves "off" out', () => {
    const every30 = withSslRefresh({ ...DEFAULT_SSL_VIEW, page: 3, sslStatus: 2 }, 30);
    expect(every30).toMatchObject({ refresh: 30, page: 3, sslStatus: 2 });
    expect(sslSearchParamsFromView(every30).get('refresh')).toBe('30');
    expect(view('refresh=600').refresh).toBe(600);
    expect(sslSearchParamsFromView(withSslRefresh(every30, 0)).has('refresh')).toBe(false);
  });

  it('falls back to off for a pace the control does not offer', () => {
    expect(withSslRefresh(DEFAULT_SSL_VIEW, 5).refresh).toBe(0);
  });

  it('survives a reset of the filters', () => {
    expect(withoutSslFilters({ ...DEFAULT_SSL_VIEW, keyword: 'shop', refresh: 60 }).refresh).toBe(60);
  });

  it('asks again at the chosen pace, and a new pace keeps the page already read', () => {
    const off = sslListQuery(DEFAULT_SSL_VIEW);
    const every10 = sslListQuery(withSslRefresh(DEFAULT_SSL_VIEW, 10));
    expect(off.refetchInterval).toBe(false);
    expect(every10.refetchInterval).toBe(10_000);
    expect(every10.queryKey).toEqual(off.queryKey);
  });

  it('never sends the pace to the server', () => {
    expect(sslSearchBodyOf(withSslRefresh(DEFAULT_SSL_VIEW, 60))).not.toHaveProperty('refresh');
  });
});

describe('changing the SSL list', () => {
  const start = { ...DEFAULT_SSL_VIEW, page: 4 };

  it('goes back to page 1 on a new filter, search or sort, and clears a filter set to "any"', () => {
    const expiring = withSslFilter(start, 'sslStatus', '2');
    expect(expiring).toMatchObject({ sslStatus: 2, page: 1 });
    expect(withSslFilter(expiring, 'sslStatus', '')).not.toHaveProperty('sslStatus');
    expect(withSslKeyword(start, '  shop  ')).toMatchObject({ keyword: 'shop', page: 1 });
    expect(withSslSort(start, 'name').page).toBe(1);
  });

  it('turns the order round when the same column is chosen again; a new column starts in its own order', () => {
    expect(withSslSort(DEFAULT_SSL_VIEW, 'expiry')).toMatchObject({ sortBy: 'expiry', sortOrder: 'desc' });
    expect(withSslSort(DEFAULT_SSL_VIEW, 'createdAt')).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc' });
    expect(withSslSort(DEFAULT_SSL_VIEW, 'name')).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
  });

  it('pages within the page sizes the spec allows', () => {
    expect(withSslPage(DEFAULT_SSL_VIEW, 0).page).toBe(1);
    expect(withSslPageSize(start, 100)).toMatchObject({ pageSize: 100, page: 1 });
    expect(withSslPageSize(start, 25).pageSize).toBe(10);
  });

  it('knows whether it is narrowed, and resets search and filters but not sorting', () => {
    const narrowed = { ...DEFAULT_SSL_VIEW, keyword: 'x', status: 2 as const, sortBy: 'name' as const };
    expect(hasSslFilters(DEFAULT_SSL_VIEW)).toBe(false);
    expect(hasSslFilters(narrowed)).toBe(true);
    expect(withoutSslFilters(narrowed)).toEqual({ ...DEFAULT_SSL_VIEW, sortBy: 'name' });
  });
});

describe('the /domain/ssl/search body', () => {
  it('names only the filters chosen and passes the shared schema', () => {
    const body = sslSearchBodyOf(view('q=shop&ssl=3&size=50&page=2'));
    expect(body).toEqual({ keyword: 'shop', sslStatus: 3, page: 2, pageSize: 50, sortBy: 'expiry', sortOrder: 'asc' });
    expect(SslSearchBody.safeParse(body).success).toBe(true);
    expect(sslSearchBodyOf(DEFAULT_SSL_VIEW)).not.toHaveProperty('keyword');
  });

  it('filters by check failed (4), not checked yet (5) and expired or check failed (6), the overview error link among them', () => {
    for (const ssl of [4, 5, 6]) {
      const body = sslSearchBodyOf(view(`status=1&ssl=${ssl}`));
      expect(body).toMatchObject({ sslStatus: ssl, status: 1 });
      expect(SslSearchBody.safeParse(body).success).toBe(true);
    }
    expect(view('ssl=7')).toEqual(DEFAULT_SSL_VIEW);
    expect(withSslFilter(DEFAULT_SSL_VIEW, 'sslStatus', '4').sslStatus).toBe(4);
  });
});
