// The import screen's calls, loaded with it; api.ts holds what the session layout's watch needs.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CheckTaskAnswer } from '../../../shared/calls/domain-import.js';
import { request } from '../../lib/api-client.js';
import { checkTaskQueryKey, IMPORT_NOT_FOUND, importQueryKey } from './api.js';

/** A finished import's counts, time taken and end (POST /domain/taskCompleted). */
export function taskCompletedQuery(sno: string) {
  return queryOptions({
    queryKey: [...importQueryKey, 'completed', sno] as const,
    queryFn: async ({ signal }) => (await request('domainTaskCompleted', { snolist: [sno] }, { signal }))[sno] ?? null,
    staleTime: Infinity,
  });
}

/** A finished import's failed rows (POST /domain/taskCompletedDetail). */
export function taskFailedRowsQuery(sno: string) {
  return queryOptions({
    queryKey: [...importQueryKey, 'failedRows', sno] as const,
    queryFn: ({ signal }) => request('domainTaskCompletedDetail', { sno }, { signal, explains: [IMPORT_NOT_FOUND] }),
    staleTime: Infinity,
  });
}

/** An import is processing now (an upload started it, or a 2105 told of one): the watch follows it. */
export function noteProcessing(queryClient: QueryClient, sno: string): void {
  queryClient.setQueryData<CheckTaskAnswer>(checkTaskQueryKey, (answer) => ({ processing: sno, completed: answer?.completed ?? [] }));
}
