import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api-client.js';

export const inboxListQueryKey = ['inbox', 'list'] as const;

/** First page of the inbox with the unread count (POST /inbox/list, silent). */
export function inboxListQuery() {
  return queryOptions({
    queryKey: inboxListQueryKey,
    queryFn: ({ signal }) => request('inboxList', { page: 1 }, { signal }),
  });
}
