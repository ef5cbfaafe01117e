import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inboxQueryKey } from './api.js';
import { isPushMessage } from './inbox-target.js';

/** A push that arrives while the console is open brings the new item (the bell's count, the inbox screen's pages) at once. */
export function useInboxPushRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (isPushMessage(event.data)) void queryClient.invalidateQueries({ queryKey: inboxQueryKey });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);
}
