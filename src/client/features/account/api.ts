import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TranslogListBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';

/** Same key as the overview's, so both read one cache entry. */
export function accountInfoQuery() {
  return queryOptions({
    queryKey: ['account', 'info'] as const,
    queryFn: ({ signal }) => request('accountInfo', undefined, { signal }),
  });
}

export function accountUsersQuery() {
  return queryOptions({
    queryKey: ['account', 'users'] as const,
    queryFn: ({ signal }) => request('accountUsers', undefined, { signal }),
  });
}

/** One page of the points log; the previous page stays on screen while the next one loads. */
export function translogQuery(body: TranslogListBody) {
  return queryOptions({
    queryKey: ['account', 'translog', body] as const,
    queryFn: ({ signal }) => request('accountTranslog', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
