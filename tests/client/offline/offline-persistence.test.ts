import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withEarlyRead } from '../../../src/client/lib/offline/key-value-store.js';
import { OfflinePersistence } from '../../../src/client/lib/offline/offline-persistence.js';
import { PERSIST_MAX_AGE_MS, persistKeyOf, type SessionIdentity } from '../../../src/client/lib/offline/persist-policy.js';
import { PERSIST_THROTTLE_MS, createQueryPersister } from '../../../src/client/lib/offline/query-persister.js';
import { brokenStore, memoryStore } from './memory-store.js';

const FIRST: SessionIdentity = { custId: 1, userId: 10 };
const SECOND: SessionIdentity = { custId: 2, userId: 20 };
const LIST_KEY = ['tasks', 'list', 3, { page: 1 }] as const;
const ROWS = { total: 1, list: [{ id: 7, name: 'Shop', serviceStatus: 1 }] };

function newClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Fetches through a real query (as a screen does), marked or not. */
async function answer(client: QueryClient, key: readonly unknown[], data: unknown, persist = true): Promise<void> {
  await client.fetchQuery({ queryKey: key, queryFn: async () => data, meta: persist ? { persist: true } : undefined });
}

async function failRefetch(client: QueryClient, key: readonly unknown[]): Promise<void> {
  await client
    .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new Error('network')), meta: { persist: true }, staleTime: 0 })
    .catch(() => undefined);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a cold start shows the last-known answers', () => {
  it('restores exactly the marked, successful answers of the same user', async () => {
    const store = memoryStore();
    const online = newClient();
    const writer = new OfflinePersistence(online, store, 'build-1');
    await writer.begin(FIRST);
    await answer(online, LIST_KEY, ROWS);
    await answer(online, ['tasks', 'overview', 20], { counts: [1, 0, 0, 0] });
    await answer(online, ['labels', 'tags'], { list: ['not kept'] }, false);
    await online.fetchQuery({ queryKey: ['tasks', 'qty'], queryFn: () => Promise.reject(new Error('refused')), meta: { persist: true } }).catch(() => undefined);
    await writer.flush();

    const offline = newClient();
    await new OfflinePersistence(offline, store, 'build-1').restore(FIRST);
    expect(offline.getQueryData(LIST_KEY)).toEqual(ROWS);
    expect(offline.getQueryData(['tasks', 'overview', 20])).toEqual({ counts: [1, 0, 0, 0] });
    expect(offline.getQueryData(['labels', 'tags'])).toBeUndefined();
    expect(offline.getQueryState(['tasks', 'qty'])).toBeUndefined();
    // Restored answers are asked again as soon as the network allows.
    expect(offline.getQueryState(LIST_KEY)?.isInvalidated).toBe(true);
  });

  it('keeps the last answer when a refetch fails while offline', async () => {
    const store = memoryStore();
    const client = newClient();
    const persistence = new OfflinePersistence(client, store, 'build-1');
    await persistence.begin(FIRST);
    await answer(client, LIST_KEY, ROWS);
    await persistence.flush();
    await failRefetch(client, LIST_KEY);
    await persistence.flush();

    const restored = newClient();
    await new OfflinePersistence(restored, store, 'build-1').restore(FIRST);
    expect(restored.getQueryData(LIST_KEY)).toEqual(ROWS);
    expect(restored.getQueryState(LIST_KEY)?.status).toBe('success');
  });

  it('discards answers of another build', async () => {
    const store = memoryStore();
    const client = newClient();
    const persistence = new OfflinePersistence(client, store, 'build-1');
    await persistence.begin(FIRST);
    await answer(client, LIST_KEY, ROWS);
    await persistence.flush();

    const nextBuild = newClient();
    await new OfflinePersistence(nextBuild, store, 'build-2').restore(FIRST);
    expect(nextBuild.getQueryData(LIST_KEY)).toBeUndefined();
    expect(store.map.has(persistKeyOf(FIRST))).toBe(false);
  });

  it('discards answers older than the max age', async () => {
    const store = memoryStore();
    const client = newClient();
    const persistence = new OfflinePersistence(client, store, 'build-1');
    await persistence.begin(FIRST);
    await answer(client, LIST_KEY, ROWS);
    await persistence.flush();

    vi.useFakeTimers({ now: Date.now() + PERSIST_MAX_AGE_MS + 60_000, toFake: ['Date'] });
    const weekLater = newClient();
    await new OfflinePersistence(weekLater, store, 'build-1').restore(FIRST);
    expect(weekLater.getQueryData(LIST_KEY)).toBeUndefined();
  });
});

describe('one user never sees another’s data', () => {
  it('opens only the signed-in identity’s entry, and drops others when a user signs in', async () => {
    const store = memoryStore();
    const client = newClient();
    const first = new OfflinePersistence(client, store, 'b');
    await first.begin(FIRST);
    await answer(client, LIST_KEY, ROWS);
    await first.flush();
    expect(store.map.has(persistKeyOf(FIRST))).toBe(true);

    const other = newClient();
    await new OfflinePersistence(other, store, 'b').restore(SECOND);
    expect(other.getQueryData(LIST_KEY)).toBeUndefined();
    expect(store.map.has(persistKeyOf(FIRST))).toBe(false);
  });

  it('writes nothing after stop, not even what was waiting', async () => {
    const store = memoryStore();
    const client = newClient();
    const persistence = new OfflinePersistence(client, store, 'b');
    await persistence.begin(FIRST);
    await answer(client, LIST_KEY, ROWS);
    await persistence.stop();
    await answer(client, ['tasks', 'overview', 20], { counts: [] });
    await persistence.flush();
    await new Promise((resolve) => setTimeout(resolve, PERSIST_THROTTLE_MS * 3));
    expect(store.map.size).toBe(0);
  });

  it('wipes the user’s entry (401) or everything (logout), and forgets the identity', async () => {
    const store = memoryStore();
    await store.set('last-known:c9:u9', { leftover: true });
    const client = newClient();
    const persistence = new OfflinePersistence(client, store, 'b');
    await persistence.begin(FIRST);
    await store.set('last-known:c9:u9', { leftover: true });
    await answer(client, LIST_KEY, ROWS);
    await persistence.flush();
    await persistence.stop();
    await persistence.wipe(false);
    expect([...store.map.keys()]).toEqual(['last-known:c9:u9']);
    await persistence.wipe(true);
    expect(store.map.size).toBe(0);
  });
});

describe('without a usable store', () => {
  it('works online without persistence when IndexedDB refuses to open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = newClient();
    const persistence = new OfflinePersistence(client, brokenStore(), 'b');
    await expect(persistence.restore(FIRST)).resolves.toBeUndefined();
    expect(persistence.available).toBe(false);
    await persistence.begin(FIRST);
    await answer(client, LIST_KEY, ROWS);
    await expect(persistence.flush()).resolves.toBeUndefined();
    expect(client.getQueryData(LIST_KEY)).toEqual(ROWS);
  });

  it('does nothing where the browser has no IndexedDB', async () => {
    const persistence = new OfflinePersistence(newClient(), null, 'b');
    expect(persistence.available).toBe(false);
    await expect(persistence.restore(FIRST)).resolves.toBeUndefined();
    await expect(persistence.wipe(true)).resolves.toBeUndefined();
  });
});

describe('the persister', () => {
  it('writes one snapshot per burst of answers', async () => {
    const store = memoryStore();
    const set = vi.spyOn(store, 'set');
    const persister = createQueryPersister(store, 'k', { throttleMs: 50 });
    const snapshot = (total: number) => ({ timestamp: Date.now(), buster: 'b', clientState: { queries: [], mutations: [] }, total });
    for (let total = 0; total < 5; total += 1) await persister.persistClient(snapshot(total));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(set).toHaveBeenCalledTimes(1);
    expect(store.map.get('k')).toMatchObject({ total: 4 });
  });
});

describe('the early read of a cold start', () => {
  it('hands the restore the read started at load, once, and reads afresh after', async () => {
    const store = memoryStore();
    await store.set('k', { first: true });
    const get = vi.spyOn(store, 'get');
    const early = withEarlyRead(store, 'k');
    expect(get).toHaveBeenCalledTimes(1);
    await store.set('k', { first: false });
    await expect(early.get('k')).resolves.toEqual({ first: true });
    await expect(early.get('k')).resolves.toEqual({ first: false });
    await expect(early.get('other')).resolves.toBeUndefined();
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('restores from the early read like from the store itself', async () => {
    const store = memoryStore();
    const client = newClient();
    const writer = new OfflinePersistence(client, store, 'b');
    await writer.begin(FIRST);
    await answer(client, LIST_KEY, ROWS);
    await writer.flush();
    const restored = newClient();
    await new OfflinePersistence(restored, withEarlyRead(store, persistKeyOf(FIRST)), 'b').restore(FIRST);
    expect(restored.getQueryData(LIST_KEY)).toEqual(ROWS);
  });
});
