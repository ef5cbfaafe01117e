import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BUILD_ID } from '../../lib/build-id.js';
import { onSignedIn, readIdentity } from '../../lib/offline/identity.js';
import { openOfflineStore, withEarlyRead, type KeyValueStore } from '../../lib/offline/key-value-store.js';
import { OfflinePersistence } from '../../lib/offline/offline-persistence.js';
import { paintedAnswer, removePaintedPicture } from '../../lib/offline/painted-picture.js';
import { persistKeyOf, RESTORED_MARK, type SessionIdentity } from '../../lib/offline/persist-policy.js';
import { onOtherTabSessionEnd, tellOtherTabs } from '../../lib/offline/session-channel.js';
import { registerSessionCleanup } from '../../lib/session-cleanup.js';
import { endSessionAfterCleanup } from '../../lib/session-end.js';
import { applyStoredToken, getToken, subscribeTokenChange } from '../../lib/session-storage.js';

/** The session end steps this part of the console owns (the push feature adds its own). */
function registerCleanupSteps(queryClient: QueryClient, persistence: OfflinePersistence): (() => void)[] {
  return [
    registerSessionCleanup('stopPersistence', () => persistence.stop()),
    registerSessionCleanup('clearQueries', () => queryClient.clear()),
    registerSessionCleanup('wipeStore', (end) => persistence.wipe(end.reason === 'logout')),
    registerSessionCleanup('tellTabs', (end) => {
      if (!end.fromOtherTab) tellOtherTabs(end.reason);
    }),
  ];
}

function whenPageHides(persistence: OfflinePersistence): () => void {
  const flush = () => {
    if (document.visibilityState === 'hidden') void persistence.flush();
  };
  document.addEventListener('visibilitychange', flush);
  window.addEventListener('pagehide', flush);
  return () => {
    document.removeEventListener('visibilitychange', flush);
    window.removeEventListener('pagehide', flush);
  };
}

/** The identity whose answers a cold start restores: the one stored beside this token. */
function identityToRestore(persistence: OfflinePersistence): SessionIdentity | null {
  const token = getToken();
  return persistence.available && token ? readIdentity(token) : null;
}

/**
 * The store, its entry for the signed-in identity already being read as this module loads: a cold
 * start reads it while the page's texts load and React starts.
 */
const bootStore = ((): KeyValueStore | null => {
  const store = openOfflineStore();
  const token = getToken();
  const identity = store && token ? readIdentity(token) : null;
  return store && identity ? withEarlyRead(store, persistKeyOf(identity)) : store;
})();

/** Screens wait at most this long for what they are told to wait for besides the restore. */
const WAIT_LIMIT_MS = 2_000;

function settleWithin(work: Promise<unknown>, limitMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    void work.catch(() => undefined).finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const restores = new WeakMap<OfflinePersistence, Promise<void>>();

export interface OfflinePersistenceOptions {
  /**
   * Also awaited before the screens show after a restore (e.g. the code of the screen the page
   * opened on), so the first screen renders at once instead of through a loading state.
   */
  alsoWaitFor?: () => Promise<unknown>;
}

/** A painted picture whose answer the query client did not get back (the store lost it) is no longer true. */
function dropUntruePicture(queryClient: QueryClient): void {
  const painted = paintedAnswer();
  if (painted && queryClient.getQueryCache().get(painted.queryHash)?.state.dataUpdatedAt !== painted.dataUpdatedAt) removePaintedPicture();
}

function startRestore(queryClient: QueryClient, persistence: OfflinePersistence, options: OfflinePersistenceOptions): Promise<void> {
  const identity = identityToRestore(persistence);
  if (!identity) {
    dropUntruePicture(queryClient);
    return Promise.resolve();
  }
  const other = options.alsoWaitFor ? settleWithin(options.alsoWaitFor(), WAIT_LIMIT_MS) : Promise.resolve();
  return Promise.all([persistence.restore(identity), other]).then(() => {
    dropUntruePicture(queryClient);
    performance.mark(RESTORED_MARK);
  });
}

/**
 * The console's last-known state: restores the signed-in user's answers at start (screens wait for
 * it, a few milliseconds), writes new ones, and takes part in every session end. Returns whether
 * the restore still runs.
 */
export function useOfflinePersistence(queryClient: QueryClient, options: OfflinePersistenceOptions = {}): boolean {
  const [persistence] = useState(() => new OfflinePersistence(queryClient, bootStore, BUILD_ID));
  const [restoring, setRestoring] = useState(() => identityToRestore(persistence) !== null);
  const [firstOptions] = useState(options);

  useEffect(() => {
    let mounted = true;
    if (!restores.has(persistence)) restores.set(persistence, startRestore(queryClient, persistence, firstOptions));
    void restores.get(persistence)?.finally(() => {
      if (mounted) setRestoring(false);
    });
    const stops = [
      ...registerCleanupSteps(queryClient, persistence),
      whenPageHides(persistence),
      onSignedIn((signedIn) => void persistence.begin(signedIn)),
      // Whatever way the token changes, nothing more is written under the identity it belonged to.
      subscribeTokenChange(() => void persistence.stop()),
      onOtherTabSessionEnd((reason) => void endSessionAfterCleanup({ reason, fromOtherTab: true, dropToken: applyStoredToken })),
    ];
    return () => {
      mounted = false;
      for (const stop of stops) stop();
    };
  }, [queryClient, persistence, firstOptions]);

  return restoring;
}
