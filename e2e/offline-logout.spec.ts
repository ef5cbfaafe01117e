import { expect, test, type Page } from '@playwright/test';
import { E2E } from './env.js';
import { openAndSignIn, openNodesWithoutPointer, signIn, tokenOf } from './helpers.js';
import { expectServiceWorkerInControl, expectStored, goOffline, offlineBanner, storedEntries } from './offline-store.js';
import { ensureSecondCustomer } from './second-customer.js';

/**
 * A session's end leaves nothing of the user on the device: logout (and a 401, and another tab
 * signing out) wipes the last-known answers in IndexedDB and who they belonged to, and a second
 * user signing in on the same browser sees nothing of the first, online or offline.
 */

const IDENTITY_KEY = 'vigil.offline.identity';
/** The name e2e/second-customer.ts gives the second customer's user. */
const SECOND_USER_NAME = 'Other User';

/** Everything of the first user's the store could hold: their account, their customer's name. */
const FIRST_USER_TEXTS = [E2E.account, E2E.customerName];

async function openListsAndWaitForStore(page: Page, account: string): Promise<void> {
  await page.goto('/monitor/3');
  await expect(page.getByRole('heading', { name: 'HTTP 任務' })).toBeVisible();
  await expectStored(page, account);
  // The task list itself (the inbox is kept too, and would match a looser text).
  await expectStored(page, '["tasks","list"');
}

async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: '帳號選單' }).click();
  await page.getByRole('menuitem', { name: '登出' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function expectNothingStored(page: Page): Promise<void> {
  await expect.poll(() => storedEntries(page)).toEqual([]);
  expect(await page.evaluate((key) => localStorage.getItem(key), IDENTITY_KEY)).toBeNull();
  // Nor the picture of a list a cold start would paint.
  expect(await page.evaluate(() => localStorage.getItem('vigil.offline.picture'))).toBeNull();
}

test('logout wipes the store, and a second user sees nothing of the first, online or offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  const second = await ensureSecondCustomer();
  await openAndSignIn(page);
  await expectServiceWorkerInControl(page);
  await openListsAndWaitForStore(page, E2E.account);

  await signOutThroughMenu(page);
  await expectNothingStored(page);

  await signIn(page, second.account, second.password);
  await expect(page).toHaveURL(/\/overview$/);
  await openListsAndWaitForStore(page, second.account);
  const entries = await storedEntries(page);
  for (const text of FIRST_USER_TEXTS) expect(entries.join('\n')).not.toContain(text);
  for (const text of FIRST_USER_TEXTS) await expect(page.locator('body')).not.toContainText(text);

  await goOffline(context);
  await page.reload();
  await expect(offlineBanner(page)).toBeVisible();
  await page.goto('/overview');
  await expect(offlineBanner(page)).toBeVisible();
  // The shell is the second user's: their name in the top bar, from their own last-known user info.
  await expect(page.getByRole('button', { name: '帳號選單' })).toContainText(SECOND_USER_NAME);
  for (const text of FIRST_USER_TEXTS) await expect(page.locator('body')).not.toContainText(text);
});

test('a 401 wipes the user’s last-known answers before the console leaves for /login', async ({ page, request }) => {
  await openAndSignIn(page);
  await openListsAndWaitForStore(page, E2E.account);
  const token = await tokenOf(page);
  // The session ends elsewhere (signed out from another device, or expired on the server).
  expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await openNodesWithoutPointer(page);
  await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });
  await expectNothingStored(page);
});

test('signing out in one tab wipes and signs out the other tabs too', async ({ context }) => {
  const first = await context.newPage();
  await openAndSignIn(first);
  await openListsAndWaitForStore(first, E2E.account);
  const other = await context.newPage();
  await other.goto('/overview');
  await expect(other.getByRole('button', { name: '帳號選單' })).toBeVisible();

  await signOutThroughMenu(first);
  await expect(other).toHaveURL(/\/login/, { timeout: 10_000 });
  await expectNothingStored(other);
});
