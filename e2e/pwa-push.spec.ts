import { expect, test, type Page } from '@playwright/test';
import { openAndSignIn } from './helpers.js';
import { consoleServiceWorker, serviceWorkerRegistrationId, waitForServiceWorkerControl } from './pwa-helpers.js';

// What the server sends for an inbox event (the push contract), its texts already localized.
const SNO = 4242;
const PAYLOAD = {
  kind: 'inbox',
  sno: SNO,
  title: '部署完成',
  body: '任務「e2e 推播」已部署到 1 個節點',
  url: `/overview?inbox=${SNO}`,
  tag: `inbox-${SNO}`,
};

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: unknown;
}

function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, icon, data }) => ({ title, body, tag, icon, data: data as unknown }));
  });
}

/** Messages the service worker posts to this window, collected from now on. */
async function collectWorkerMessages(page: Page): Promise<() => Promise<unknown[]>> {
  await page.evaluate(() => {
    const seen: unknown[] = [];
    Object.assign(window, { workerMessages: seen });
    navigator.serviceWorker.addEventListener('message', (event) => seen.push(event.data));
  });
  return () => page.evaluate(() => [...((window as unknown as { workerMessages: unknown[] }).workerMessages ?? [])]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
});

test('a push shows its notification and tells the open console; a click on it lands on the inbox item', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  await openAndSignIn(page);
  await waitForServiceWorkerControl(page);
  const workerMessages = await collectWorkerMessages(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = await serviceWorkerRegistrationId(cdp, origin);

  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(PAYLOAD) });

  await expect.poll(async () => (await shownNotifications(page)).find((shown) => shown.title === PAYLOAD.title), { timeout: 15_000 }).toEqual({
    title: PAYLOAD.title,
    body: PAYLOAD.body,
    tag: PAYLOAD.tag,
    icon: `${origin}/icons/icon-192.png`,
    data: { url: PAYLOAD.url, sno: SNO },
  });
  await expect.poll(workerMessages).toContainEqual({ type: 'vigil:push', payload: PAYLOAD });

  // A test cannot click an OS notification: the service worker is handed the same click event
  // its notificationclick listener receives, built from the notification it showed.
  const worker = await consoleServiceWorker(context);
  await worker.evaluate(async (title) => {
    const scope = self as unknown as {
      registration: { getNotifications: () => Promise<{ title: string }[]> };
      dispatchEvent: (event: Event) => boolean;
      NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
    };
    const notification = (await scope.registration.getNotifications()).find((shown) => shown.title === title);
    if (!notification) throw new Error('the notification is not shown');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, PAYLOAD.title);

  await expect(page).toHaveURL(`${origin}${PAYLOAD.url}`, { timeout: 15_000 });
  await expect.poll(async () => (await shownNotifications(page)).some((shown) => shown.tag === PAYLOAD.tag)).toBe(false);
});

test('a push without a readable payload still shows a notification that opens the overview', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = await serviceWorkerRegistrationId(cdp, origin);

  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: 'not json' });

  await expect.poll(async () => (await shownNotifications(page)).map((shown) => [shown.title, shown.data]), { timeout: 15_000 }).toContainEqual([
    'Vigil',
    { url: '/overview', sno: null },
  ]);
});
