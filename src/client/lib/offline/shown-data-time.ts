import { isMarkedPersisted } from './persist-policy.js';

interface CachedQuery {
  meta?: Record<string, unknown> | undefined;
  state: { data: unknown; dataUpdatedAt: number };
  getObserversCount(): number;
}

/**
 * When the last-known data on screen was fetched: the oldest answer among the persisted queries a
 * screen shows now (so the banner never claims newer data than some of what is shown), or null
 * when the screen shows none. Queries on every screen (the bell's inbox, fetched once a session) do
 * not count: they would date every screen back to the sign-in.
 */
export function shownDataTimeOf(queries: readonly CachedQuery[]): number | null {
  let oldest: number | null = null;
  for (const query of queries) {
    if (!isMarkedPersisted(query) || query.meta?.onEveryScreen === true || query.state.data === undefined || query.getObserversCount() === 0) continue;
    if (query.state.dataUpdatedAt > 0 && (oldest === null || query.state.dataUpdatedAt < oldest)) oldest = query.state.dataUpdatedAt;
  }
  return oldest;
}
