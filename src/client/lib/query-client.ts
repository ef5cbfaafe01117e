import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getConnection, subscribeConnection, wantProbe } from './offline/connection.js';

/**
 * TanStack Query's idea of "online" is our connection's, never the browser's alone: queries run
 * unless the server is known out of reach or in doubt, wait meanwhile (a screen with nothing saved
 * says so), and run again once the server answers. A query left waiting asks for a probe, so a
 * retry is never silent.
 */
function followConnection(client: QueryClient): void {
  onlineManager.setEventListener((setOnline) => {
    const follow = () => setOnline(getConnection().server === 'reachable');
    follow();
    return subscribeConnection(follow);
  });
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'pause') wantProbe();
  });
}

/**
 * Failed calls already notify the user once (§8); retrying would repeat the notification, so
 * queries fail fast and screens offer their own retry. The api client tells the connection how
 * each call went (the offline banner). Mutations always go to the server, whatever the connection
 * says (it may be wrong; the server decides), so one sent without a connection fails at once and
 * none is ever queued or persisted.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  followConnection(client);
  return client;
}
