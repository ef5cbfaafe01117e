import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { watchConnection } from '../lib/offline/connection-watch.js';
import { createQueryClient } from '../lib/query-client.js';
import { useOfflinePersistence } from './offline/use-offline-persistence.js';
import { startServiceWorker } from './pwa/index.js';
import { AppRouter, createAppHistory } from './router.js';
import { preloadScreenFor } from './screens.js';
import { usePerUserReset } from './use-per-user-reset.js';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [history] = useState(createAppHistory);
  usePerUserReset(queryClient);
  // The screens wait while the last-known answers come back from the device's store (a blank page
  // for a moment, instead of a "loading" page drawn and laid out only to be replaced).
  const restoring = useOfflinePersistence(queryClient, { alsoWaitFor: () => preloadScreenFor(window.location.pathname) });
  // The browser's online/offline is a hint: the server is asked whenever it is in doubt.
  useEffect(() => watchConnection(), []);
  useEffect(() => {
    // Registering (and the update checks it starts) waits until the first screen shows.
    if (!restoring) startServiceWorker();
  }, [restoring]);
  return (
    <QueryClientProvider client={queryClient}>
      {restoring ? null : <AppRouter history={history} />}
    </QueryClientProvider>
  );
}
