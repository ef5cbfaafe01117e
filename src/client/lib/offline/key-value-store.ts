import { clear, createStore, del, get, keys, set } from 'idb-keyval';

/** The little the persister needs of a store: IndexedDB in the browser, a Map in tests. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

/** A database of its own, so wiping it never touches anything else of the origin. */
export const OFFLINE_DATABASE = 'vigil-offline';
export const OFFLINE_OBJECT_STORE = 'last-known';

/**
 * The IndexedDB store of last-known answers, or null where the browser has no IndexedDB. A browser
 * that has it but refuses to open it (private mode) fails the first call, and the console then goes
 * on online without persistence.
 */
export function openOfflineStore(): KeyValueStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const store = createStore(OFFLINE_DATABASE, OFFLINE_OBJECT_STORE);
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    keys: async () => (await keys(store)).map(String),
    clear: () => clear(store),
  };
}

/**
 * The store, with one key's read already started: a cold start reads its entry while the page's
 * scripts and texts are still loading, and the restore then takes that read instead of a new one.
 */
export function withEarlyRead(store: KeyValueStore, key: string): KeyValueStore {
  let early: Promise<unknown> | null = store.get(key);
  // A read nobody takes (the restore never ran) must not be reported as unhandled.
  early.catch(() => undefined);
  return {
    ...store,
    get: (wanted) => {
      if (wanted !== key || early === null) return store.get(wanted);
      const taken = early;
      early = null;
      return taken;
    },
  };
}
