import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E } from './env.js';
import { notification, openAndSignIn, signIn, tokenOf } from './helpers.js';
import { precachedPaths, waitForServiceWorkerControl } from './pwa-helpers.js';

/**
 * The top bar's account menu and inbox bell, and the idle countdown, as native elements (no
 * Headless UI in the first screen): the keyboard, a press outside and a phone's width; and the
 * console's texts, loaded one language at a time, still there offline.
 */

const accountButton = (page: Page) => page.getByRole('button', { name: '帳號選單' });
const bellButton = (page: Page) => page.getByRole('button', { name: /^收件匣/ });
const inboxPanel = (page: Page) => page.getByRole('heading', { level: 2, name: '收件匣' });
const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name });

async function expectOnScreen(locator: Locator, width: number): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test('the account menu works from the keyboard: arrows, Home and End move, Escape closes back on the button', async ({ page }) => {
  await openAndSignIn(page);
  const button = accountButton(page);
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menu', { name: '帳號選單' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menuItem(page, '更新個人資料')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menuItem(page, '帳戶資訊')).toBeFocused();
  await page.keyboard.press('End');
  await expect(menuItem(page, '登出')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menuItem(page, '更新個人資料')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menuItem(page, '登出')).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('ArrowUp');
  await expect(menuItem(page, '登出')).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/update$/);
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('a press outside closes the account menu and the inbox; Tab past the inbox closes it', async ({ page }) => {
  await openAndSignIn(page);
  await accountButton(page).click();
  await expect(menuItem(page, '登出')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);

  await bellButton(page).click();
  await expect(inboxPanel(page)).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(inboxPanel(page)).toBeHidden();

  await bellButton(page).click();
  await expect(inboxPanel(page)).toBeVisible();
  // Each item of a full inbox is two stops (its link and "mark read"): the panel may hold a whole page of them.
  for (let presses = 0; presses < 200 && !(await accountButton(page).evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(accountButton(page)).toBeFocused();
  await expect(inboxPanel(page)).toBeHidden();
});

test('the inbox bell opens its panel, Escape closes it back on the bell; ?inbox opens it and closing drops it', async ({ page }) => {
  await openAndSignIn(page);
  const bell = bellButton(page);
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  await bell.click();
  await expect(inboxPanel(page)).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(inboxPanel(page)).toBeHidden();
  await expect(bell).toBeFocused();

  await page.goto('/overview?inbox=e2e-missing-item');
  await expect(inboxPanel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(inboxPanel(page)).toBeHidden();
  await expect(page).toHaveURL(/\/overview$/);
});

test('at 360 px the inbox panel and the account menu stay on the screen', async ({ page }) => {
  const width = 360;
  await page.setViewportSize({ width, height: 740 });
  await openAndSignIn(page);
  await bellButton(page).click();
  await expect(inboxPanel(page)).toBeVisible();
  await expectOnScreen(inboxPanel(page).locator('..'), width);
  await page.keyboard.press('Escape');
  await accountButton(page).click();
  await expect(menuItem(page, '登出')).toBeVisible();
  await expectOnScreen(page.getByRole('menu'), width);
});

/** Expects a corner notice on screen that starts below the top bar, while the bar's controls take presses. */
async function expectNoticeBelowTopBar(page: Page): Promise<void> {
  const notice = notification(page).first();
  await expect(notice).toBeVisible();
  const bar = await page.locator('header[data-top-bar]').boundingBox();
  const box = await notice.boundingBox();
  expect(bar).not.toBeNull();
  expect(box?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
  for (const control of [bellButton(page), accountButton(page), page.getByLabel('語言')]) await control.click({ trial: true, timeout: 2_000 });
  await bellButton(page).click();
  await expect(inboxPanel(page)).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a corner notice leaves the bell, the account menu and the language switch usable, at 360 px too', async ({ page, context }) => {
  await openAndSignIn(page);
  // The task list answers with a refusal: its notice shows for 5 s.
  await context.route('**/api/domain/list', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: false, code: 2701, name: 'DATA_CENTER_BUSY', message: '', data: null }) }),
  );
  await page.goto('/monitor/3');
  await expectNoticeBelowTopBar(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/monitor/4');
  await expectNoticeBelowTopBar(page);
});

test('the idle countdown is a modal dialog with "stay signed in" focused; Escape means stay', async ({ page }) => {
  const idleBase = `http://127.0.0.1:${E2E.idlePort}`;
  await page.goto(`${idleBase}/login`);
  await signIn(page);
  await expect(page).toHaveURL(`${idleBase}/overview`);
  const dialog = page.getByRole('dialog', { name: '閒置提醒' });
  await expect(dialog).toBeVisible({ timeout: E2E.idleSeconds * 1000 + 5_000 });
  await expect(dialog).toHaveAccessibleDescription(/將於 \d+ 秒後自動登出/);
  await expect(dialog.getByRole('button', { name: '保持登入' })).toBeFocused();
  // Modal: the browser keeps focus in it and the page behind it inert.
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeVisible();
  expect(await tokenOf(page)).not.toBeNull();
});

test("every language's texts are precached, and the console opens in English with no network", async ({ page, context }) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  const scripts = (await precachedPaths(page)).filter((path) => path.endsWith('.js'));
  for (const language of ['zh-tw', 'zh-cn', 'en']) {
    expect(scripts.some((path) => new RegExp(`^/assets/${language}-[\\w-]+\\.js$`).test(path)), `${language} in ${scripts.join(' ')}`).toBe(true);
  }
  await context.addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  } finally {
    await context.setOffline(false);
    await context.unroute('**/*');
  }
});
