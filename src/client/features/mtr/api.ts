import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MTR_POLL_MS, type MtrHistoryBody, type MtrStartBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';

/** Query keys: a run by id, the history pages; the node catalogue is the task form's (same key, shared cache). */
export const HISTORY_ROOT = ['mtr', 'history'] as const;

export function runQuery(id: number) {
  return queryOptions({
    queryKey: ['mtr', 'run', id] as const,
    // A run of another customer, or one pruned, shows the screen's "not found" in place.
    queryFn: ({ signal }) => request('domainDetectMtrRun', { id }, { signal, explains: [2001] }),
    // Read about once a second while a node is queued or running; a finished run never changes.
    refetchInterval: (query) => (query.state.data?.active === false ? false : MTR_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: (query) => (query.state.data?.active === false ? Infinity : 0),
    retry: false,
  });
}

export function historyQuery(body: MtrHistoryBody) {
  return queryOptions({
    queryKey: [...HISTORY_ROOT, body] as const,
    queryFn: ({ signal }) => request('domainDetectMtrHistory', body, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function nodeCatalogueQuery() {
  return queryOptions({
    queryKey: ['nodes', 'catalogue'] as const,
    queryFn: ({ signal }) => request('nodesCatalogue', undefined, { signal }),
  });
}

/** Field refusals are shown under their fields; busy and unknown nodes above the button. */
export function startRun(body: MtrStartBody) {
  return request('domainDetectMtr', body, { explains: [1001, 2304, 2555] });
}
