import { expect, test } from '@playwright/test';
import { notification, signIn } from './helpers.js';
import { cutServer, restoreServer } from './offline-store.js';

test('a protected path sends the user to login and back there after signing in', async ({ page }) => {
  await page.goto('/monitor/3');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmonitor%2F3$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/monitor\/3$/);
  await expect(page.getByRole('navigation', { name: '主選單' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'HTTP 任務' })).toBeVisible();
});

test('a wrong password is refused with the catalogue message and the user stays on login', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, undefined, 'not-the-password');
  await expect(page.getByRole('region', { name: '通知' }).getByRole('alert')).toHaveText(/帳號或密碼錯誤/);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('vigil.token'))).toBeNull();
});

test('a wrong password leaves the language switch usable and does not follow the user in after signing in', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, undefined, 'not-the-password');
  await expect(notification(page)).toHaveText(/帳號或密碼錯誤/);
  // The notice sits below the page's top bar: its language switch takes a press.
  await page.getByLabel('語言').click({ trial: true, timeout: 2_000 });
  await signIn(page);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(notification(page)).toHaveCount(0);
});

test('sign-in while the server cannot be reached says so, in the form', async ({ page, context }) => {
  await page.goto('/login');
  await cutServer(context);
  await signIn(page);
  await expect(page.getByRole('alert').filter({ hasText: '無法連線到伺服器，因此無法登入' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: '登入' })).toBeEnabled();
  await restoreServer(context);
  await signIn(page);
  await expect(page).toHaveURL(/\/overview$/);
});

test('with a token, /login goes to the overview', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/overview$/);
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: '找不到頁面' })).toBeVisible();
});

test('the chosen language persists across reloads and sign-in', async ({ page, context }) => {
  await page.goto('/login');
  await signIn(page);
  await expect(page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '總覽' })).toBeVisible();

  await page.getByLabel('語言').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Overview' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Task management' })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');

  await page.getByLabel('Language').selectOption('zh-cn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans-CN');
  await expect(page.getByRole('link', { name: '总览' })).toBeVisible();
});
