import { getConnection, onProbeWanted, reportConnection, subscribeConnection, type Connection } from './connection.js';
import { probeServer } from './server-probe.js';

/** How often the console asks again while the server does not answer. */
export const UNREACHABLE_RETRY_MS = 15_000;

/** The part of `window` the watch uses (its events and timers). */
export interface WatchEnvironment {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
  setInterval(run: () => void, ms: number): number;
  clearInterval(id: number): void;
}

/**
 * Follows the browser's online/offline hints and settles every doubt by asking the server: when
 * the device says offline (at start too), when it says online again while the server was out of
 * reach, when a query waits for the server, and every 15 s while the server does not answer.
 * Returns the way to stop.
 */
export function watchConnection(probe: () => Promise<void> = probeServer, env: WatchEnvironment = window): () => void {
  let retry: number | null = null;
  const ask = () => void probe();
  const follow = ({ server }: Connection) => {
    if (server === 'unreachable' && retry === null) retry = env.setInterval(ask, UNREACHABLE_RETRY_MS);
    if (server !== 'unreachable' && retry !== null) {
      env.clearInterval(retry);
      retry = null;
    }
  };
  const online = () => {
    reportConnection('deviceOnline');
    if (getConnection().server !== 'reachable') ask();
  };
  const offline = () => {
    reportConnection('deviceOffline');
    if (getConnection().server === 'unknown') ask();
  };
  const stopFollowing = subscribeConnection(() => follow(getConnection()));
  const stopWishes = onProbeWanted(ask);
  env.addEventListener('online', online);
  env.addEventListener('offline', offline);
  follow(getConnection());
  if (getConnection().server !== 'reachable') ask();
  return () => {
    stopFollowing();
    stopWishes();
    env.removeEventListener('online', online);
    env.removeEventListener('offline', offline);
    if (retry !== null) env.clearInterval(retry);
  };
}
