import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api-client.js';
import { listBodyOf, type MonitorListView } from './list-view.js';
import type { ListableType } from './monitor-types.js';
import { sslSearchBodyOf, type SslListView } from './ssl-view.js';

/**
 * Every query read from monitor tasks starts with 'tasks' (the overview's too), so a change to a
 * task refreshes all of them with one invalidation.
 */
export const tasksQueryKey = ['tasks'] as const;

/** Labels change rarely; the filter lists may be a few minutes old. */
const LABELS_STALE_MS = 5 * 60_000;
/** The filters list the first labels by name; a customer has far fewer. */
const LABELS_MAX = 100;

/**
 * One page of a type's task list. "Last n" ranges end at the moment of asking, so the body is made
 * in the query function and the key holds the view; the previous page stays on screen while the
 * next one loads, and auto-refresh re-asks at the chosen pace.
 */
export function taskListQuery(type: ListableType, view: MonitorListView) {
  return queryOptions({
    // Refresh is how often to ask, not what: changing it keeps the cached page.
    queryKey: [...tasksQueryKey, 'list', type, { ...view, refresh: 0 }] as const,
    queryFn: ({ signal }) => request('domainList', listBodyOf(type, view, Date.now()), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: view.refresh > 0 ? view.refresh * 1000 : false,
    // Tasks change from other screens (create, edit): coming back to the list always re-asks.
    staleTime: 0,
    meta: { persist: true },
  });
}

/**
 * One page of the SSL task list (/domain/ssl/search); days left are counted when asked, so it is
 * always asked afresh, and again at the auto-refresh pace.
 */
export function sslListQuery(view: SslListView) {
  return queryOptions({
    // Refresh is how often to ask, not what: changing it keeps the cached page.
    queryKey: [...tasksQueryKey, 'ssl', { ...view, refresh: 0 }] as const,
    queryFn: ({ signal }) => request('domainSslSearch', sslSearchBodyOf(view), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: view.refresh > 0 ? view.refresh * 1000 : false,
    staleTime: 0,
    meta: { persist: true },
  });
}

export function domainGroupOptionsQuery() {
  return queryOptions({
    queryKey: ['labels', 'domainGroups'] as const,
    queryFn: ({ signal }) => request('domainGroupList', { pageSize: LABELS_MAX, sortBy: 'name', sortOrder: 'asc' }, { signal }),
    staleTime: LABELS_STALE_MS,
  });
}

export function tagOptionsQuery() {
  return queryOptions({
    queryKey: ['labels', 'tags'] as const,
    queryFn: ({ signal }) => request('tagList', { pageSize: LABELS_MAX, sortBy: 'name', sortOrder: 'asc' }, { signal }),
    staleTime: LABELS_STALE_MS,
  });
}

/** One task's deployment on each of its nodes. */
export function deployResultQuery(id: number) {
  return queryOptions({
    queryKey: [...tasksQueryKey, 'deploy', id] as const,
    queryFn: ({ signal }) => request('domainDeployResult', { id }, { signal }),
    staleTime: 0,
  });
}

/** The node catalogue, to name the nodes of a deploy result. */
export function nodeCatalogueQuery() {
  return queryOptions({
    queryKey: ['nodes', 'catalogue'] as const,
    queryFn: ({ signal }) => request('nodesCatalogue', undefined, { signal }),
    staleTime: LABELS_STALE_MS,
  });
}
