import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiKeyCreateBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';

const KEYS_ROOT = ['apikey'] as const;

export function apiKeyListQuery() {
  return queryOptions({
    queryKey: [...KEYS_ROOT, 'list'] as const,
    queryFn: ({ signal }) => request('apiKeyList', undefined, { signal }),
  });
}

/** The form explains bad fields and the active-key limit in place. */
export function createApiKey(body: ApiKeyCreateBody) {
  return request('apiKeyCreate', body, { explains: [1001, 2036] });
}

export function revokeApiKey(id: number) {
  return request('apiKeyRevoke', { id });
}

export function refreshApiKeys(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: KEYS_ROOT });
}
