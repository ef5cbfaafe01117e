import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CheckTaskAnswer } from '../../../shared/calls/domain-import.js';
import { LIMITS } from '../../../shared/constants.js';
import { request } from '../../lib/api-client.js';

/**
 * Imports are followed live, always: none of these queries is marked `meta.persist`, so none is
 * ever written to the device's store (lib/offline/persist-policy.ts) or restored from it at a cold
 * start; offline they wait for the server like every query.
 */
export const importQueryKey = ['import'] as const;
export const checkTaskQueryKey = [...importQueryKey, 'checkTask'] as const;

/** 2106: the import is not (or no longer) known; the screen or the watch says so in place. */
export const IMPORT_NOT_FOUND = 2106;

/** The customer's processing import and the caller's unread finished ones (GET /domain/checkTask). */
export function checkTaskQuery() {
  return queryOptions({
    queryKey: checkTaskQueryKey,
    queryFn: ({ signal }) => request('domainCheckTask', undefined, { signal }),
    staleTime: 0,
    // Another tab or user may have started one meanwhile: coming back to the console asks again.
    refetchOnWindowFocus: true,
  });
}

/** Where a processing import stands, asked every 5 s (§9) while it processes (POST /domain/taskProgress, silent). */
export function taskProgressQuery(sno: string) {
  return queryOptions({
    queryKey: [...importQueryKey, 'progress', sno] as const,
    queryFn: ({ signal }) => request('domainTaskProgress', { sno }, { signal, explains: [IMPORT_NOT_FOUND] }),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data === 'done' ? false : LIMITS.importPollMs),
    refetchOnWindowFocus: true,
  });
}

/** The import finished: it is the newest of the caller's finished ones until the server says otherwise. */
export function noteFinished(queryClient: QueryClient, sno: string): void {
  queryClient.setQueryData<CheckTaskAnswer>(checkTaskQueryKey, (answer) => ({
    processing: null,
    completed: [sno, ...(answer?.completed ?? []).filter((other) => other !== sno)],
  }));
}
