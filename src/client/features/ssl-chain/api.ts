import { queryOptions } from '@tanstack/react-query';
import type { SslChainAnswer, SslChainBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';

/** Refusals the screen says in place (under the field, or in the result area). */
const EXPLAINED = [1001, 2140, 2304, 2554, 2555, 504];

export function checkChain(body: SslChainBody): Promise<SslChainAnswer> {
  return request('sslChainCheck', body, { explains: EXPLAINED });
}

/** The nodes a check may run from, with their status. */
export function nodeChoicesQuery() {
  return queryOptions({
    queryKey: ['nodes', 'catalogue'] as const,
    queryFn: ({ signal }) => request('nodesCatalogue', undefined, { signal }),
    staleTime: 60_000,
  });
}
