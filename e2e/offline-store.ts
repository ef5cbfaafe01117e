import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * What the offline specs need of the browser: the console's IndexedDB store read in the page, the
 * service worker in control, and "no network" as both the page and its service worker see it
 * (context.setOffline does not cover the worker's own requests: playwright #2311).
 */

/** Every value in the console's store of last-known answers, as JSON (none when it does not exist yet). */
export function storedEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('vigil-offline')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('vigil-offline');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const database = open.result;
        if (!database.objectStoreNames.contains('last-known')) {
          database.close();
          resolve([]);
          return;
        }
        const all = database.transaction('last-known').objectStore('last-known').getAll();
        all.onerror = () => reject(all.error ?? new Error('read failed'));
        all.onsuccess = () => {
          database.close();
          resolve((all.result as unknown[]).map((value) => JSON.stringify(value)));
        };
      };
    });
  });
}

/** Waits until the store holds an answer mentioning `text` (writes are coalesced for a moment). */
export async function expectStored(page: Page, text: string): Promise<void> {
  await expect.poll(async () => (await storedEntries(page)).some((entry) => entry.includes(text)), { timeout: 20_000 }).toBe(true);
}

/** The console's service worker controls the page, so a reload is answered from its precache. */
export async function expectServiceWorkerInControl(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

const API = '**/api/**';

/** The server out of reach (device online): every API call fails as a network error. */
export async function cutServer(context: BrowserContext): Promise<void> {
  await context.route(API, (route) => route.abort('internetdisconnected'));
}

export async function restoreServer(context: BrowserContext): Promise<void> {
  await context.unroute(API);
}

/** The device offline: the page's network and the service worker's requests alike. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await cutServer(context);
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await restoreServer(context);
  await context.setOffline(false);
}

export const offlineBanner = (page: Page) => page.locator('[data-offline-banner]');
