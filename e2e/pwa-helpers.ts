import { expect, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';

/** playwright.config.ts's launch arguments, for a browser a test launches itself. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'] as const;

/**
 * Waits until the console's service worker is activated and controls the page. The console
 * registers it after the page's load event; a first install takes control at once (clientsClaim).
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });
}

/** The context's service worker as Playwright sees it (to evaluate code inside it). */
export async function consoleServiceWorker(context: BrowserContext): Promise<Worker> {
  const running = context.serviceWorkers().find((worker) => worker.url().endsWith('/sw.js'));
  return running ?? (await context.waitForEvent('serviceworker', { predicate: (worker) => worker.url().endsWith('/sw.js'), timeout: 30_000 }));
}

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

/** The registration id CDP knows the console's service worker by (ServiceWorker.workerRegistrationUpdated). */
export async function serviceWorkerRegistrationId(cdp: CDPSession, origin: string): Promise<string> {
  const scope = `${origin}/`;
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Registration[] }) => {
      const registration = registrations.find((candidate) => candidate.scopeURL === scope && !candidate.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Names of the URLs (path and query) in the service worker's precache. */
export function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.includes('precache'));
    const paths: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(`${url.pathname}${url.search}`);
      }
    }
    return paths;
  });
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
