import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api-client.js';

/** The glance is read again this often while it is open (the bands move with each minute's results). */
const REFRESH_MS = 60_000;
/** How many tasks in trouble the glance lists. */
export const ATTENTION_LIMIT = 20;

// Keys under 'tasks', like the task lists': a change to any task refreshes the glance too.

export function overviewStatusQuery() {
  return queryOptions({
    queryKey: ['tasks', 'overview', ATTENTION_LIMIT] as const,
    queryFn: ({ signal }) => request('domainOverview', { hours: 1, limit: ATTENTION_LIMIT }, { signal }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    meta: { persist: true },
  });
}

export function monitorQtyQuery() {
  return queryOptions({
    queryKey: ['tasks', 'qty'] as const,
    queryFn: ({ signal }) => request('domainMonitorQty', undefined, { signal }),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    meta: { persist: true },
  });
}

/** Same key as the account screen's, so both read one cache entry; the glance's points card keeps it offline. */
export function accountInfoQuery() {
  return queryOptions({
    queryKey: ['account', 'info'] as const,
    queryFn: ({ signal }) => request('accountInfo', undefined, { signal }),
    staleTime: 0,
    meta: { persist: true },
  });
}
