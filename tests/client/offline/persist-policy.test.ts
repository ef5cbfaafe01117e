import type { PersistedClient } from '@tanstack/query-persist-client-core';
import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  DATA_SCHEMA_VERSION,
  PERSIST_MAX_AGE_MS,
  PERSISTED_QUERY_LIMIT,
  diskClientOf,
  isPersistedClient,
  persistBuster,
  persistKeyOf,
  shouldPersistQuery,
} from '../../../src/client/lib/offline/persist-policy.js';

type DehydratedQuery = DehydratedState['queries'][number];

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

function query(hash: string, updatedAt: number, overrides: Partial<DehydratedQuery['state']> = {}): DehydratedQuery {
  return {
    dehydratedAt: updatedAt,
    queryKey: [hash],
    queryHash: hash,
    meta: { persist: true },
    state: {
      data: { rows: [hash] },
      dataUpdateCount: 1,
      dataUpdatedAt: updatedAt,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
      ...overrides,
    },
  };
}

function client(queries: DehydratedQuery[], timestamp = NOW): PersistedClient {
  return { timestamp, buster: 'b', clientState: { queries, mutations: [] } };
}

describe('which queries are kept on the device', () => {
  const marked = { persist: true };

  it('keeps only queries marked persist in their definition, with a successful answer', () => {
    expect(shouldPersistQuery({ meta: marked, state: { status: 'success', data: { total: 1 } } })).toBe(true);
    expect(shouldPersistQuery({ meta: undefined, state: { status: 'success', data: { total: 1 } } })).toBe(false);
    expect(shouldPersistQuery({ meta: { persist: 'yes' }, state: { status: 'success', data: { total: 1 } } })).toBe(false);
    expect(shouldPersistQuery({ meta: marked, state: { status: 'pending', data: undefined } })).toBe(false);
    expect(shouldPersistQuery({ meta: marked, state: { status: 'error', data: undefined } })).toBe(false);
  });

  it('keeps the last answer of a query whose refetch failed (offline), not the failure', () => {
    expect(shouldPersistQuery({ meta: marked, state: { status: 'error', data: { total: 1 } } })).toBe(true);
    const stored = diskClientOf(client([query('list', NOW - 1000, { status: 'error', error: new Error('offline'), fetchFailureCount: 1 })]), undefined, NOW);
    expect(stored.clientState.queries[0]?.state).toMatchObject({ status: 'success', error: null, fetchFailureCount: 0, fetchStatus: 'idle' });
    expect(stored.clientState.queries[0]?.state.data).toEqual({ rows: ['list'] });
  });
});

describe('where and for how long', () => {
  it('keys the entry per user and customer', () => {
    const keys = new Set([
      persistKeyOf({ custId: 1, userId: 1 }),
      persistKeyOf({ custId: 1, userId: 2 }),
      persistKeyOf({ custId: 2, userId: 1 }),
      persistKeyOf({ custId: 12, userId: 1 }),
      persistKeyOf({ custId: 1, userId: 21 }),
    ]);
    expect(keys.size).toBe(5);
    expect(persistKeyOf({ custId: 3, userId: 7 })).toBe(persistKeyOf({ custId: 3, userId: 7 }));
  });

  it('busts on a new build or a new data schema', () => {
    expect(persistBuster('abc')).not.toBe(persistBuster('abd'));
    expect(persistBuster('abc')).toContain(String(DATA_SCHEMA_VERSION));
  });

  it('keeps answers a week at most', () => {
    expect(PERSIST_MAX_AGE_MS).toBe(7 * 24 * 3600 * 1000);
    const fresh = query('fresh', NOW - PERSIST_MAX_AGE_MS + 1000);
    const old = query('old', NOW - PERSIST_MAX_AGE_MS - 1000);
    expect(diskClientOf(client([fresh, old]), undefined, NOW).clientState.queries.map((q) => q.queryHash)).toEqual(['fresh']);
  });
});

describe('what is written', () => {
  it('keeps answers written before whose queries have left memory, replaced by newer ones', () => {
    const previous = client([query('overview', NOW - 60_000), query('list-page-2', NOW - 50_000)]);
    const next = client([query('overview', NOW - 1000)]);
    const stored = diskClientOf(next, previous, NOW);
    expect(stored.clientState.queries.map((q) => [q.queryHash, q.state.dataUpdatedAt])).toEqual([
      ['overview', NOW - 1000],
      ['list-page-2', NOW - 50_000],
    ]);
  });

  it('keeps the newest answers up to the limit', () => {
    const many = Array.from({ length: PERSISTED_QUERY_LIMIT + 5 }, (_, index) => query(`q${index}`, NOW - index * 1000));
    const stored = diskClientOf(client(many), undefined, NOW);
    expect(stored.clientState.queries).toHaveLength(PERSISTED_QUERY_LIMIT);
    expect(stored.clientState.queries[0]?.queryHash).toBe('q0');
  });

  it('never writes a mutation or a pending promise', () => {
    const withMutation: PersistedClient = {
      ...client([{ ...query('list', NOW), promise: Promise.resolve() as never }]),
    };
    withMutation.clientState.mutations = [{ mutationKey: ['delete'], state: { status: 'pending' } as never, meta: undefined, scope: undefined } as never];
    const stored = diskClientOf(withMutation, undefined, NOW);
    expect(stored.clientState.mutations).toEqual([]);
    expect(stored.clientState.queries[0]).not.toHaveProperty('promise');
    expect(() => structuredClone(stored)).not.toThrow();
  });

  it('reads back only what has the shape of a persisted client', () => {
    expect(isPersistedClient(client([]))).toBe(true);
    expect(isPersistedClient({ timestamp: NOW, buster: 'b' })).toBe(false);
    expect(isPersistedClient('text')).toBe(false);
    expect(isPersistedClient(null)).toBe(false);
  });
});
