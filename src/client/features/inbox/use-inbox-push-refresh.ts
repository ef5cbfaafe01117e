import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inboxListQueryKey } from './api.js';
import { isPushMessage } from './inbox-target.js';

/** A push that arrives while the console is open brings the new item (and the bell's count) at once. */
export function useInboxPushRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (isPushMessage(event.data)) void queryClient.invalidateQueries({ queryKey: inboxListQueryKey });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);
}
