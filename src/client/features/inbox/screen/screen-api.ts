import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { INBOX_STATUS, type InboxItem } from '../../../../shared/index.js';
import { request } from '../../../lib/api-client.js';
import { inboxItemQueryKeyOf, inboxListQueryKey } from '../api.js';
import type { InboxPageBody } from './screen-view.js';

/** How often an open import that is processing is asked again (§4: every 5 s). */
export const PROGRESS_POLL_MS = 5_000;

/**
 * A page of the inbox screen (silent, like the bell's). Kept on the device like the bell's first
 * page, so the screen shows the last-known messages offline; under the bell's key, so a push and a
 * "mark read" reach it too.
 */
export function inboxPageQuery(body: InboxPageBody) {
  return queryOptions({
    queryKey: [...inboxListQueryKey, body] as const,
    queryFn: ({ signal }) => request('inboxList', body, { signal }),
    placeholderData: keepPreviousData,
    meta: { persist: true },
  });
}

/**
 * One item with all its data (the failed rows: not kept on the device, they can be thousands).
 * 2106 is explained in place. While an import is processing it is asked again every 5 s.
 */
export function inboxItemQuery(sno: string) {
  return queryOptions({
    queryKey: inboxItemQueryKeyOf(sno),
    queryFn: ({ signal }) => request('inboxItem', { sno }, { signal, explains: [2106] }),
    refetchInterval: (query) => (isProcessingImport(query.state.data) ? PROGRESS_POLL_MS : false),
    retry: false,
  });
}

export function isProcessingImport(item: Pick<InboxItem, 'type' | 'status'> | undefined): boolean {
  return item?.type === 'import' && item.status === INBOX_STATUS.PROCESSING;
}

/** The node catalogue (the key the other screens share), to name a deployment's error nodes. */
export function nodeCatalogueQuery() {
  return queryOptions({
    queryKey: ['nodes', 'catalogue'] as const,
    queryFn: ({ signal }) => request('nodesCatalogue', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
