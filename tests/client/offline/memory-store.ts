import type { KeyValueStore } from '../../../src/client/lib/offline/key-value-store.js';

/** The store's interface over a Map; values are structured-cloned like IndexedDB does. */
export function memoryStore(): KeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => structuredClone(map.get(key)),
    set: async (key, value) => {
      map.set(key, structuredClone(value));
    },
    del: async (key) => {
      map.delete(key);
    },
    keys: async () => [...map.keys()],
    clear: async () => map.clear(),
  };
}

/** A store that refuses every call, as IndexedDB does in some private modes. */
export function brokenStore(): KeyValueStore {
  const refuse = () => Promise.reject(new Error('InvalidStateError: the store cannot be opened'));
  return { get: refuse, set: refuse, del: refuse, keys: refuse, clear: refuse };
}
