import { Workbox } from 'workbox-window';
import { getConnection, problemOf } from '../../lib/offline/connection.js';
import { UPDATE_CHECK_INTERVAL_MS, createUpdateChecks } from './update-checks.js';
import { updateStore } from './update-state.js';
import { SERVICE_WORKER_FILE } from './web-manifest.js';

const reload = () => window.location.reload();

function watchForUpdates(workbox: Workbox): void {
  // The connection the calls found, not navigator.onLine (false on networks without a default route).
  const checks = createUpdateChecks(() => workbox.update(), () => problemOf(getConnection()) === null);
  window.setInterval(checks.onInterval, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checks.onVisible();
  });
}

/**
 * Registers the service worker (loaded after the page, out of the first bundle) and feeds the
 * update prompt: a new version waiting is offered, and accepting it asks the worker to take over;
 * the page reloads once it controls the page. When another tab accepted, this one is offered a reload.
 */
export async function registerServiceWorker(): Promise<void> {
  const workbox = new Workbox(`/${SERVICE_WORKER_FILE}`, { scope: '/' });
  let accepted = false;
  let controlled = navigator.serviceWorker.controller !== null;
  workbox.addEventListener('waiting', () => {
    updateStore.offer('waiting', () => {
      accepted = true;
      workbox.messageSkipWaiting();
    });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install taking control changes nothing the page runs; a later change is a new version.
    if (accepted) reload();
    else if (controlled) updateStore.offer('activated', reload);
    controlled = true;
  });
  if (await workbox.register()) watchForUpdates(workbox);
}
