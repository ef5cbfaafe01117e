import { expect, test } from '@playwright/test';
import { E2E } from './env.js';
import { ssoLink } from './helpers.js';

test('an administrator arrives by SSO, browses read-only under a banner, and returns to the platform', async ({ page, request }) => {
  const link = await ssoLink(request);
  await page.route(`${E2E.platformUrl}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Management platform</h1>' }),
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('note')).toContainText(E2E.customerName);

  await page.getByRole('button', { name: '帳號選單' }).click();
  await expect(page.getByRole('menuitem', { name: '更新個人資料' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: '登出' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: '返回管理平台' }).click();
  await expect(page).toHaveURL(E2E.platformUrl);
  await expect(page.getByRole('heading', { name: 'Management platform' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('vigil.token'))).toBeNull();
});

test('an SSO code works once only', async ({ page, request }) => {
  const link = await ssoLink(request);
  await page.goto(link);
  await expect(page.getByRole('note')).toContainText(E2E.customerName);
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('main').getByText('自動登入失敗')).toBeVisible();
  await expect(page.getByRole('link', { name: '前往登入頁' })).toBeVisible();
});
