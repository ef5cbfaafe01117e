import { expect, test } from '@playwright/test';
import { E2E } from './env.js';
import { notification, openAndSignIn, openNodesWithoutPointer, overviewRead, signIn, tokenOf } from './helpers.js';

test('a 401 answer clears the session, says so, and goes to login after 2 s', async ({ page, request }) => {
  await openAndSignIn(page);
  await overviewRead(page);
  const token = await tokenOf(page);
  expect(token).not.toBeNull();
  // The session ends elsewhere (signed out from another device, or expired on the server).
  const logout = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(200);

  await openNodesWithoutPointer(page);
  await expect(notification(page).first()).toHaveText(/認證錯誤，請重新登入/);
  expect(await tokenOf(page)).toBeNull();
  await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
});

test('signing out ends the session on the server', async ({ page, request }) => {
  await openAndSignIn(page);
  const token = await tokenOf(page);
  await page.getByRole('button', { name: '帳號選單' }).click();
  await page.getByRole('menuitem', { name: '登出' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const profile = await request.post('/api/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(401);
});

test.describe('idle', () => {
  const idleBase = `http://127.0.0.1:${E2E.idlePort}`;

  test('an idle user sees the countdown and is signed out when it ends', async ({ page }) => {
    await page.goto(`${idleBase}/account`);
    await signIn(page);
    await expect(page).toHaveURL(`${idleBase}/account`);
    const dialog = page.getByRole('dialog', { name: '閒置提醒' });
    await expect(dialog).toBeVisible({ timeout: E2E.idleSeconds * 1000 + 5_000 });
    await expect(dialog).toContainText(/將於 \d+ 秒後自動登出/);
    await expect(page).toHaveURL(/\/login/, { timeout: E2E.idleSeconds * 1000 + 5_000 });
    expect(await tokenOf(page)).toBeNull();
  });

  test('staying signed in wakes the session on the server', async ({ page }) => {
    await page.goto(`${idleBase}/login`);
    await signIn(page);
    await expect(page).toHaveURL(`${idleBase}/overview`);
    const dialog = page.getByRole('dialog', { name: '閒置提醒' });
    await expect(dialog).toBeVisible({ timeout: E2E.idleSeconds * 1000 + 5_000 });
    await dialog.getByRole('button', { name: '保持登入' }).click();
    await expect(dialog).toBeHidden();
    // Past the original idle deadline the session still answers, because the wake-up reached the server.
    await page.waitForTimeout((E2E.idleSeconds / 2) * 1000);
    const token = await tokenOf(page);
    const profile = await page.request.post(`${idleBase}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status()).toBe(200);
  });
});
