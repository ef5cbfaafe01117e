import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api-client.js';
import { queryRangeOf, type DetailRange } from './detail-range.js';

/**
 * One task's detail reads. Their keys start with 'tasks', like the task lists', so a change to a
 * task (edit, enable, delete) refreshes its detail too. With auto-refresh on, every part is read
 * again at the chosen pace; a range change keeps the previous figures on screen until the new ones come.
 */
const detailKey = (id: number) => ['tasks', 'detail', id] as const;

const refreshing = (refreshSeconds: number) => (refreshSeconds > 0 ? refreshSeconds * 1000 : false);

/** The task's fields, deploy status and type (POST /domain/info); 2127 when it is not the customer's. */
export function taskInfoQuery(id: number, refreshSeconds = 0) {
  return queryOptions({
    queryKey: [...detailKey(id), 'info'] as const,
    // A task that is not the customer's (2127) shows the screen's not-found state instead.
    queryFn: ({ signal }) => request('domainInfo', { id }, { signal, explains: [2127] }),
    refetchInterval: refreshing(refreshSeconds),
    staleTime: 0,
  });
}

interface RangedRead {
  id: number;
  range: DetailRange;
  refreshSeconds: number;
}

const rangedOptions = { placeholderData: keepPreviousData, staleTime: 0 } as const;

export function summaryQuery({ id, range, refreshSeconds }: RangedRead) {
  return queryOptions({
    queryKey: [...detailKey(id), 'summary', range] as const,
    queryFn: ({ signal }) => request('domainDetailSummary', { id, range: queryRangeOf(range) }, { signal }),
    refetchInterval: refreshing(refreshSeconds),
    ...rangedOptions,
  });
}

export function trendQuery({ id, range, refreshSeconds }: RangedRead) {
  return queryOptions({
    queryKey: [...detailKey(id), 'trend', range] as const,
    queryFn: ({ signal }) => request('domainDetailTrend', { id, range: queryRangeOf(range) }, { signal }),
    refetchInterval: refreshing(refreshSeconds),
    ...rangedOptions,
  });
}

export function breakdownQuery({ id, range, refreshSeconds }: RangedRead) {
  return queryOptions({
    queryKey: [...detailKey(id), 'breakdown', range] as const,
    queryFn: ({ signal }) => request('domainDetailBreakdown', { id, range: queryRangeOf(range) }, { signal }),
    refetchInterval: refreshing(refreshSeconds),
    ...rangedOptions,
  });
}

/** The newest `count` failed checks within the range. */
export function failedLogsQuery({ id, range, refreshSeconds }: RangedRead, count: number) {
  return queryOptions({
    queryKey: [...detailKey(id), 'failedLogs', range, count] as const,
    queryFn: ({ signal }) => request('domainDetailFailedLogs', { id, count, range: queryRangeOf(range) }, { signal }),
    refetchInterval: refreshing(refreshSeconds),
    ...rangedOptions,
  });
}

/** Each node's newest check, whatever the range. */
export function latestQuery(id: number, refreshSeconds: number) {
  return queryOptions({
    queryKey: [...detailKey(id), 'latest'] as const,
    queryFn: ({ signal }) => request('domainDetailLatest', { id }, { signal }),
    refetchInterval: refreshing(refreshSeconds),
    staleTime: 0,
  });
}

/** How many route snapshots the traceroute history lists. */
export const TRACE_HISTORY_SHOWN = 50;

/** The newest route snapshots, of one node or all; read again at the auto-refresh pace. */
export function traceHistoryQuery(id: number, nodeId: number | undefined, refreshSeconds = 0) {
  return queryOptions({
    queryKey: [...detailKey(id), 'traceHistory', nodeId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      request('domainTracerouteHistory', { id, limit: TRACE_HISTORY_SHOWN, ...(nodeId === undefined ? {} : { nodeId }) }, { signal }),
    refetchInterval: refreshing(refreshSeconds),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The node catalogue, to name the nodes of route snapshots. */
export function nodeCatalogueQuery() {
  return queryOptions({
    queryKey: ['nodes', 'catalogue'] as const,
    queryFn: ({ signal }) => request('nodesCatalogue', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
