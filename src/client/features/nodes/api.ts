import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NodeListBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';

export const nodesQueryKey = ['nodes'] as const;

/** Node status follows agent heartbeats (every 30 s), so an open list refreshes at that pace. */
const REFRESH_MS = 30_000;

/** One page of the node list; the previous page stays on screen while the next one loads. */
export function nodeListQuery(body: NodeListBody) {
  return queryOptions({
    queryKey: [...nodesQueryKey, 'list', body] as const,
    queryFn: ({ signal }) => request('nodesList', body, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
