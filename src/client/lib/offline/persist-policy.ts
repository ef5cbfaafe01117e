import type { PersistedClient } from '@tanstack/query-persist-client-core';
import type { DehydratedState } from '@tanstack/react-query';

/**
 * What the console keeps on the device for a cold start without network (docs/architecture.md,
 * "Offline"): only queries marked `meta: { persist: true }` in their definitions, only their
 * successful answers, per user and customer, for at most a week, and never across a build or a
 * change of the stored shape.
 */

/** Raise when the shape of a persisted answer changes in a way an older entry cannot be read as. */
export const DATA_SCHEMA_VERSION = 1;
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The newest answers kept; views visited long ago give way (a list page is at most a few tens of KB). */
export const PERSISTED_QUERY_LIMIT = 30;

/** Where the picture of the last-seen list is kept (localStorage; screen-picture.ts). */
export const PICTURE_KEY = 'vigil.offline.picture';

/** The performance mark set when a cold start's kept answers and its first screen's code are in (the pwa.offline bench reads it). */
export const RESTORED_MARK = 'vigil:restored';
/** The performance mark set when React's first screen replaced the picture painted before it (painted-picture.ts). */
export const PICTURE_REPLACED_MARK = 'vigil:picture-replaced';

/** Who the persisted answers belong to: one entry per user and customer. */
export interface SessionIdentity {
  custId: number;
  userId: number;
}

export function persistBuster(buildId: string): string {
  return `${buildId}:${DATA_SCHEMA_VERSION}`;
}

export function persistKeyOf(identity: SessionIdentity): string {
  return `last-known:c${identity.custId}:u${identity.userId}`;
}

interface QueryLike {
  meta?: Record<string, unknown> | undefined;
  state: { status: string; data: unknown };
}

export function isMarkedPersisted(query: Pick<QueryLike, 'meta'>): boolean {
  return query.meta?.persist === true;
}

/**
 * A marked query with a successful answer. A failed refetch keeps the last answer (status 'error'
 * with data): that answer is still the last-known one and stays; the failure itself is not stored.
 */
export function shouldPersistQuery(query: QueryLike): boolean {
  if (!isMarkedPersisted(query) || query.state.data === undefined) return false;
  return query.state.status === 'success' || query.state.status === 'error';
}

type DehydratedQuery = DehydratedState['queries'][number];

/** The stored form of one answer: a success, idle, without the failure of a later refetch. */
function asStoredAnswer(query: DehydratedQuery): DehydratedQuery {
  const { promise: _promise, ...rest } = query;
  return {
    ...rest,
    state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null, fetchStatus: 'idle' },
  };
}

/**
 * What is written: this snapshot's answers over the ones written before (a view whose query left
 * memory keeps its last answer), newest first, none older than the max age, at most the limit,
 * and never a mutation.
 */
export function diskClientOf(next: PersistedClient, previous: PersistedClient | undefined, now: number): PersistedClient {
  const byHash = new Map<string, DehydratedQuery>();
  for (const query of previous?.clientState.queries ?? []) byHash.set(query.queryHash, query);
  for (const query of next.clientState.queries) byHash.set(query.queryHash, query);
  const queries = [...byHash.values()]
    .filter((query) => query.state.data !== undefined && now - query.state.dataUpdatedAt <= PERSIST_MAX_AGE_MS)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, PERSISTED_QUERY_LIMIT)
    .map(asStoredAnswer);
  return { ...next, clientState: { queries, mutations: [] } };
}

/** A stored value that can be read as a persisted client (anything else is discarded). */
export function isPersistedClient(value: unknown): value is PersistedClient {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<PersistedClient>;
  return typeof record.timestamp === 'number' && typeof record.buster === 'string' && Array.isArray(record.clientState?.queries);
}
