import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../src/shared/constants.js';
import { E2E } from './env.js';

/** Signs in through the login form (zh-tw, the default language). */
export async function signIn(page: Page, account: string = E2E.account, password: string = E2E.password): Promise<void> {
  await page.getByLabel('帳號').fill(account);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '登入' }).click();
}

/**
 * Opens the overview signed in as the seeded user: the token from the login call, stored where the
 * login form stores it, before the console first starts. The form itself is what login.spec.ts and
 * the specs calling signIn go through.
 */
export async function openAndSignIn(page: Page, baseURL = `http://127.0.0.1:${E2E.port}`): Promise<void> {
  const answer = await page.request.post(`${baseURL}/api/auth/login`, { data: { account: E2E.account, password: E2E.password } });
  const body = (await answer.json()) as { code: number; data: { token: string } };
  expect(body.code, `the login call answered ${JSON.stringify(body)}`).toBe(200);
  // A document of the console's origin that is not the console, so the token is there when it starts.
  await page.goto(`${baseURL}/api/health`);
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [STORAGE_KEYS.tokenLocalStorage, body.data.token] as const);
  await page.goto(`${baseURL}/overview`);
  await expect(page).toHaveURL(`${baseURL}/overview`);
}

/**
 * Waits until the overview has read all it shows: the shell opens once user info and the inbox are
 * read, and each card says "載入中…" until its own read answers. A session ended before then has
 * one of these first reads refused rather than the call a test makes next.
 */
export async function overviewRead(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: '主選單' })).toBeVisible();
  await expect(page.getByText('最近 1 小時的狀態')).toBeVisible();
  await expect(page.getByText('載入中…', { exact: true })).toHaveCount(0);
}

/**
 * Opens the node list, which the overview has not read, so the console asks the server. The click
 * is dispatched without moving the pointer: pointer activity would make the idle watch's wakening
 * the next call, refused first, and the page could leave before the click lands.
 */
export async function openNodesWithoutPointer(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '節點' }).dispatchEvent('click');
}

export function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.tokenLocalStorage);
}

/** What the management platform does: ask for a single-use sign-in link for the administrator. */
export async function ssoLink(request: APIRequestContext, custId = 1): Promise<string> {
  const answer = await request.post('/api/platform/sso/code', {
    headers: { 'x-platform-secret': E2E.platformSecret },
    data: { adminAccount: E2E.adminAccount, adminPassword: E2E.adminPassword, custId },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { url: string } };
  return body.data.url;
}

export const notification = (page: Page) => page.getByRole('region', { name: '通知' }).getByRole('alert');

/** A call of the API (POST with a body; GET without one, for the calls that are GETs); answers its data, failing on any other code than 200. */
export async function apiCall<T>(request: APIRequestContext, token: string, path: string, data?: unknown): Promise<T> {
  const headers = { Authorization: `Bearer ${token}` };
  const answer = data === undefined ? await request.get(`/api${path}`, { headers }) : await request.post(`/api${path}`, { headers, data });
  const body = (await answer.json()) as { code: number; data: T };
  expect(body.code, `${path} answered ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

/** The id of the Local node, whose agent runs beside the e2e server. */
export async function localNodeId(request: APIRequestContext, token: string): Promise<number> {
  const catalogue = await apiCall<{ list: { id: number; name: string }[] }>(request, token, '/nodes/catalogue', {});
  const local = catalogue.list.find((node) => node.name === 'Local');
  if (!local) throw new Error('no Local node in the catalogue');
  return local.id;
}

/**
 * Sets each select to its value and fires its change, all in one task of the page, so React cannot
 * re-render in between: the later changes must build on the earlier ones (a quick user, a slow phone).
 */
export async function selectInOneTask(page: Page, choices: readonly (readonly [Locator, string])[]): Promise<void> {
  const handles = await Promise.all(choices.map(async ([select, value]) => [await select.elementHandle(), value] as const));
  await page.evaluate((pairs) => {
    for (const [select, value] of pairs) {
      (select as HTMLSelectElement).value = value;
      select?.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, handles);
}
