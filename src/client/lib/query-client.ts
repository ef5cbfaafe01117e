import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { noteCallOutcome, refuseMutationOffline } from './offline/connection.js';

/**
 * Failed calls already notify the user once (§8); retrying would repeat the notification, so
 * queries fail fast and screens offer their own retry. Every settled call tells the connection
 * whether the server answered (the offline banner). Mutations run only online and are never
 * queued: one started offline fails at once, and none is ever persisted.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onSuccess: () => noteCallOutcome(null),
      onError: (error) => noteCallOutcome(error),
    }),
    mutationCache: new MutationCache({
      onMutate: () => refuseMutationOffline(),
      onSuccess: () => noteCallOutcome(null),
      onError: (error) => noteCallOutcome(error),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false, networkMode: 'online' },
    },
  });
}
