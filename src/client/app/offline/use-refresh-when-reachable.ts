import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useConnection } from '../../lib/offline/connection.js';

/** How often the console asks again while the device is online but the server does not answer. */
export const UNREACHABLE_RETRY_MS = 15_000;

/**
 * Coming back refreshes what is on screen: after the device's network returns, TanStack Query
 * refetches the screen's queries itself; while the server is out of reach, the screen's queries
 * are asked again now and then, and the first answer ends the unreachable state.
 */
export function useRefreshWhenReachable(queryClient: QueryClient): void {
  const { device, server } = useConnection();
  useEffect(() => {
    if (device === 'offline' || server === 'reachable') return undefined;
    const timer = window.setInterval(() => void queryClient.refetchQueries({ type: 'active' }), UNREACHABLE_RETRY_MS);
    return () => window.clearInterval(timer);
  }, [device, server, queryClient]);
}
