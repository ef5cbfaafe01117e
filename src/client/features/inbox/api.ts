import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api-client.js';

export const inboxListQueryKey = ['inbox', 'list'] as const;

/**
 * First page of the inbox with the unread count (POST /inbox/list, silent). Kept on the device
 * (the answer is the signed-in user's own, stored under their key) so the bell shows its
 * last-known count offline. The bell is on every screen, so its time says nothing of when a
 * screen's own data was fetched: `onEveryScreen` is for the offline banner to pass it over.
 */
export function inboxListQuery() {
  return queryOptions({
    queryKey: inboxListQueryKey,
    queryFn: ({ signal }) => request('inboxList', { page: 1 }, { signal }),
    meta: { persist: true, onEveryScreen: true },
  });
}

/** Every inbox query (the bell's, the screen's pages and items): what a push or a change refreshes. */
export const inboxQueryKey = ['inbox'] as const;
export const inboxItemQueryKeyOf = (sno: string) => [...inboxQueryKey, 'item', sno] as const;
