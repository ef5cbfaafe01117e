import { expect, test } from '@playwright/test';
import { openAndSignIn } from './helpers.js';

test('the profile form checks passwords like the server and saves the name', async ({ page }) => {
  await openAndSignIn(page);
  await page.getByRole('button', { name: '帳號選單' }).click();
  await page.getByRole('menuitem', { name: '更新個人資料' }).click();
  await expect(page).toHaveURL(/\/profile\/update$/);

  const oldPassword = page.getByLabel('舊密碼');
  const newPassword = page.getByLabel('新密碼', { exact: true });
  const confirm = page.getByLabel('確認新密碼');
  const save = page.getByRole('button', { name: '儲存' });

  await oldPassword.fill('whatever-1');
  await newPassword.fill('brand-new-1');
  await confirm.fill('brand-new-2');
  await save.click();
  await expect(confirm).toHaveAccessibleDescription('確認密碼與新密碼不一致');

  await confirm.fill('brand-new-1');
  await save.click();
  await expect(oldPassword).toHaveAccessibleDescription('舊密碼錯誤');

  await oldPassword.fill('');
  await newPassword.fill('');
  await confirm.fill('');
  await page.getByLabel('名稱').fill('值班工程師');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: '個人資料已更新' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('名稱')).toHaveValue('值班工程師');
});
