import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api-client.js';

export function accountInfoQuery() {
  return queryOptions({
    queryKey: ['account', 'info'] as const,
    queryFn: ({ signal }) => request('accountInfo', undefined, { signal }),
  });
}
