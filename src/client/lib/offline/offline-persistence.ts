import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import type { KeyValueStore } from './key-value-store.js';
import { forgetIdentity } from './identity.js';
import { pictureKeeper, type PictureKeeper } from './picture-keeper.js';
import { PERSIST_MAX_AGE_MS, persistBuster, persistKeyOf, shouldPersistQuery, type SessionIdentity } from './persist-policy.js';
import { createQueryPersister, type QueryPersister } from './query-persister.js';

/** A store that does not answer by then (a stuck IndexedDB) is given up: the console opens online. */
export const RESTORE_LIMIT_MS = 2_000;

function withinLimit<T>(work: Promise<T>, limitMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the offline store did not answer')), limitMs);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

interface Running {
  identity: SessionIdentity;
  persister: QueryPersister;
  unsubscribe: () => void;
}

/**
 * The last-known answers of one signed-in user in the device's store: restored at a cold start,
 * written as answers arrive, stopped and wiped when the session ends. Without a store (no
 * IndexedDB, or it failed) every verb does nothing and the console works online.
 */
export class OfflinePersistence {
  private running: Running | null = null;
  private identity: SessionIdentity | null = null;

  constructor(
    private readonly queryClient: QueryClient,
    private store: KeyValueStore | null,
    private readonly buildId: string,
    private readonly restoreLimitMs = RESTORE_LIMIT_MS,
    private readonly pictures: PictureKeeper = pictureKeeper,
  ) {}

  get available(): boolean {
    return this.store !== null;
  }

  /**
   * Cold start: the identity's answers go into the query client (unless older than the max age or
   * of another build or data schema), marked stale so screens ask again when the network allows;
   * then new answers are written.
   */
  async restore(identity: SessionIdentity): Promise<void> {
    const store = this.store;
    if (!store) return;
    const persister = createQueryPersister(store, persistKeyOf(identity), { watcher: this.pictures });
    try {
      await withinLimit(
        persistQueryClientRestore({ queryClient: this.queryClient, persister, maxAge: PERSIST_MAX_AGE_MS, buster: persistBuster(this.buildId) }),
        this.restoreLimitMs,
      );
    } catch {
      this.store = null;
      return;
    }
    await this.queryClient.invalidateQueries({ refetchType: 'none' });
    this.subscribe(identity, persister);
    // Not awaited: clearing leftovers is no reason to keep the first screen waiting for another round trip.
    void this.deleteOthers(store, identity);
  }

  /** The signed-in user is known: their answers are written from now on, anything else stored goes. */
  async begin(identity: SessionIdentity): Promise<void> {
    const store = this.store;
    if (!store || (this.running && sameIdentity(this.running.identity, identity))) return;
    await this.stop();
    this.subscribe(identity, createQueryPersister(store, persistKeyOf(identity), { watcher: this.pictures }));
    await this.deleteOthers(store, identity);
  }

  /** The page is being hidden or closed: write what waits now. */
  flush(): Promise<void> {
    return this.running?.persister.flush() ?? Promise.resolve();
  }

  /** No more writes: the subscription ends, a waiting write is dropped, one under way is awaited. */
  async stop(): Promise<void> {
    const running = this.running;
    this.running = null;
    if (!running) return;
    running.unsubscribe();
    await running.persister.stop();
  }

  /** Deletes the signed-in user's entry, or everything stored (logout), and who it belonged to. */
  async wipe(everything: boolean): Promise<void> {
    const identity = this.identity;
    this.identity = null;
    forgetIdentity();
    this.pictures.forget();
    if (!this.store) return;
    if (everything) await this.store.clear();
    else if (identity) await this.store.del(persistKeyOf(identity));
  }

  /** Tabs share one token, so whatever another identity left is a leftover: it goes. */
  private async deleteOthers(store: KeyValueStore, identity: SessionIdentity): Promise<void> {
    const own = persistKeyOf(identity);
    try {
      const stale = (await store.keys()).filter((key) => key !== own);
      await Promise.all(stale.map((key) => store.del(key)));
    } catch {
      // A store that fails here fails its writes too; they are caught where they happen.
    }
  }

  private subscribe(identity: SessionIdentity, persister: QueryPersister): void {
    this.identity = identity;
    const unsubscribe = persistQueryClientSubscribe({
      queryClient: this.queryClient,
      persister,
      buster: persistBuster(this.buildId),
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
    });
    this.running = { identity, persister, unsubscribe };
  }
}

function sameIdentity(a: SessionIdentity, b: SessionIdentity): boolean {
  return a.custId === b.custId && a.userId === b.userId;
}
