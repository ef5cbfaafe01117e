/// <reference lib="webworker" />
// The console's service worker: precaches the app shell (scripts, styles, page, icons, map
// geometry), answers navigations with the shell (API paths excluded), shows web-push notifications
// and opens the console where a clicked one points. API answers are never cached here: the API is
// POST-based, and the last-known dashboards live in IndexedDB (the console's query persister).
import { cacheNames, clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { PUSH_MESSAGE_TYPE, clickPathOf, notificationOf, parsePushPayload } from './app/pwa/push-notification.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The Service Worker Static Routing API (Chromium 123+), not yet in TypeScript's lib. */
interface RouterRule {
  condition: { urlPattern: string; requestMethod?: string };
  source: { cacheName: string };
}
type RoutableInstallEvent = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };

/** The update flow (src/client/app/pwa) asks a waiting worker to take over once the user agrees. */
const SKIP_WAITING = 'SKIP_WAITING';

// The build's list (the injection point may appear once only).
const PRECACHE = self.__WB_MANIFEST;

precacheAndRoute(PRECACHE);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

/** Whether every precached file under assets/ is kept under its own (hashed) name, without a revision parameter. */
const assetsKeptUnderTheirNames = PRECACHE.every((entry) => typeof entry === 'string' || !entry.url.startsWith('assets/') || entry.revision == null);

// The build's hashed assets never change under their names: where the browser can, it takes them
// from the precache itself, without running this worker's fetch handler for each of them (a cold
// start opens a dozen scripts). A miss goes to the network, as the handler would do.
self.addEventListener('install', (event) => {
  const routable = event as RoutableInstallEvent;
  if (typeof routable.addRoutes !== 'function' || !assetsKeptUnderTheirNames) return;
  const rule: RouterRule = { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: cacheNames.precache } };
  event.waitUntil(routable.addRoutes(rule).catch(() => undefined));
});

// A first install controls the open console at once, and so does an update the user accepted.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

function readPushText(data: PushMessageData | null): string | null {
  try {
    return data?.text() ?? null;
  } catch {
    return null;
  }
}

/** Every push shows a notification (browsers penalise silent ones) and tells the open consoles. */
async function showPush(text: string | null): Promise<void> {
  const payload = parsePushPayload(text);
  const { title, options } = notificationOf(payload);
  await self.registration.showNotification(title, options);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: PUSH_MESSAGE_TYPE, payload });
}

/** An open console window is taken to the path and focused; with none (or one this worker cannot steer), a new one opens there. */
async function openConsoleAt(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windows.find((client) => client.focused) ?? windows[0];
  const navigated = target ? await target.navigate(url).catch(() => null) : null;
  if (navigated) {
    await navigated.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(readPushText(event.data)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openConsoleAt(clickPathOf(event.notification.data)));
});
