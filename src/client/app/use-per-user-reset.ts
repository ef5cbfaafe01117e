import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeTokenChange } from '../lib/session-storage.js';

/**
 * Every cached answer belongs to the token it was fetched with: on any token change (this tab or
 * another) the cache goes, so user info, privileges and admin mode load afresh for the new token.
 */
export function usePerUserReset(queryClient: QueryClient): void {
  useEffect(() => subscribeTokenChange(() => queryClient.clear()), [queryClient]);
}
