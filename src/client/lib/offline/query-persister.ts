import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import type { KeyValueStore } from './key-value-store.js';
import type { StoreWatcher } from './picture-keeper.js';
import { diskClientOf, isPersistedClient } from './persist-policy.js';

/**
 * Answers arrive in bursts (a screen's queries together); one write per burst is enough. Short, so
 * a screen left soon after it answered (a reload, a link) has still been written.
 */
export const PERSIST_THROTTLE_MS = 300;

export interface QueryPersister extends Persister {
  /** Writes what is waiting now (the page is being hidden or closed). */
  flush(): Promise<void>;
  /** No write after this one resolves: what was waiting is dropped and a write under way is awaited. */
  stop(): Promise<void>;
}

interface PersisterOptions {
  throttleMs?: number;
  now?: () => number;
  /** Told before and after each write, and what a restore read (the screen's picture follows the store). */
  watcher?: StoreWatcher;
}

/**
 * One user's entry in the store. Saves are coalesced (the newest snapshot wins) and merged over what
 * was written or restored before, so a view whose query has left memory keeps its last answer.
 */
export function createQueryPersister(store: KeyValueStore, key: string, options: PersisterOptions = {}): QueryPersister {
  const throttleMs = options.throttleMs ?? PERSIST_THROTTLE_MS;
  const now = options.now ?? Date.now;
  const watcher = options.watcher;
  let waiting: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let base: PersistedClient | undefined;
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;

  const writeWaiting = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (!waiting || stopped) return writing;
    const next = diskClientOf(waiting, base, now());
    waiting = null;
    base = next;
    watcher?.willWrite(next);
    // A full or broken store loses this write only; the console goes on without it.
    writing = writing
      .then(() => store.set(key, next))
      .then(() => watcher?.holds(next))
      .catch(() => undefined);
    return writing;
  };

  return {
    persistClient(client) {
      if (stopped) return;
      waiting = client;
      timer ??= setTimeout(() => void writeWaiting(), throttleMs);
    },
    async restoreClient() {
      const stored = await store.get(key);
      if (!isPersistedClient(stored)) {
        if (stored !== undefined) await store.del(key);
        return undefined;
      }
      base = stored;
      watcher?.holds(stored);
      return stored;
    },
    async removeClient() {
      base = undefined;
      waiting = null;
      await store.del(key);
    },
    flush: writeWaiting,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      waiting = null;
      await writing;
    },
  };
}
