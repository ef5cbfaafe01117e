import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls already notify the user once (§8); retrying would repeat the notification, so
 * queries fail fast and screens offer their own retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false, networkMode: 'online' },
    },
  });
}
