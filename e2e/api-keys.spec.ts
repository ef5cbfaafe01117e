import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from './env.js';
import { openAndSignIn, ssoLink } from './helpers.js';
import { RUN } from './monitor-flow.js';

/**
 * /apimanager in zh-tw: a key is created in the form, its secret read from the one-time panel and
 * the clipboard, used from here against the real server (a read on the task list, a refused change
 * with a read-only key), shown as used in the list, revoked through the confirmation (reached by
 * keyboard too) and then refused; the screen fits 360 px. Each run makes its own key and revokes
 * it, so the shared database never fills up with active keys.
 */

const origin = `http://127.0.0.1:${E2E.port}`;

interface Envelope {
  code: number;
  data: { list?: unknown[] } | null;
}

async function callWithKey(request: APIRequestContext, key: string, path: string, data: unknown): Promise<{ status: number; body: Envelope }> {
  const answer = await request.post(`${origin}/api${path}`, { headers: { Authorization: `Bearer ${key}` }, data });
  return { status: answer.status(), body: (await answer.json()) as Envelope };
}

const keyRow = (page: Page, name: string) => page.getByRole('row', { name });

async function createKey(page: Page, name: string): Promise<string> {
  await page.getByLabel('名稱').fill(name);
  await expect(page.getByRole('radio', { name: /唯讀/ })).toBeChecked();
  await page.getByLabel('到期').selectOption({ label: '30 天後' });
  await page.getByRole('button', { name: '建立金鑰' }).click();

  const panel = page.getByTestId('apikey-secret');
  await expect(panel.getByRole('heading', { name: `您的新金鑰「${name}」` })).toBeFocused();
  await expect(panel.getByText('它不會再次顯示')).toBeVisible();
  const secret = await panel.getByLabel('API 金鑰').inputValue();
  expect(secret).toMatch(/^vgk_[A-Za-z0-9_-]{43}$/);
  await panel.getByRole('button', { name: '複製', exact: true }).click();
  await expect(panel.getByRole('button', { name: '已複製', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  return secret;
}

test('API keys: create, copy, use from a script, revoke with confirmation, refused after; 360 px', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await openAndSignIn(page);
  await page.getByRole('link', { name: 'API 管理' }).first().click();
  await expect(page).toHaveURL(`${origin}/apimanager`);
  await expect(page.getByRole('heading', { level: 1, name: 'API 管理' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API 文件（OpenAPI）' })).toHaveAttribute('href', `${origin}/api/docs`);
  await expect(page.getByLabel('範例：列出您的 ICMP 任務')).toHaveValue(new RegExp(`curl -X POST '${origin}/api/domain/list'[\\s\\S]*Authorization: Bearer \\$VIGIL_API_KEY`));

  const name = `e2e key ${RUN}`;
  const secret = await createKey(page, name);

  // The key works on a real call, within its scope.
  const list = await callWithKey(request, secret, '/domain/list', { type: 1 });
  expect([list.status, list.body.code]).toEqual([200, 200]);
  expect(Array.isArray(list.body.data?.list)).toBe(true);
  const change = await callWithKey(request, secret, '/tags/create', { name: `e2e tag ${RUN}` });
  expect([change.status, change.body.code]).toEqual([403, 2033]);

  // Once put away, the secret is gone from the page; the list shows the key as used.
  await page.getByRole('button', { name: '我已複製金鑰' }).click();
  await expect(page.getByTestId('apikey-secret')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.reload();
  const row = keyRow(page, name);
  await expect(row.getByText('唯讀')).toBeVisible();
  await expect(row.getByText('有效')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('從未使用');

  // Keyboard: the revoke button opens the confirmation with "cancel" focused; Escape closes it.
  const revoke = row.getByRole('button', { name: `撤銷金鑰 ${name}` });
  await revoke.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `撤銷「${name}」？` });
  await expect(dialog.getByRole('button', { name: '取消' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(revoke).toBeFocused();
  expect((await callWithKey(request, secret, '/domain/list', { type: 1 })).status).toBe(200);

  await revoke.click();
  await dialog.getByRole('button', { name: '撤銷金鑰', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('已撤銷')).toBeVisible();
  const refused = await callWithKey(request, secret, '/domain/list', { type: 1 });
  expect([refused.status, refused.body.code]).toEqual([401, 2031]);

  await narrowScreen(page, name);
});

test('an administrator viewing reads the keys but is offered neither the form nor revoking', async ({ page, request }) => {
  await page.goto(await ssoLink(request));
  await expect(page).toHaveURL(/\/overview$/);
  // Through the menu: the sign-in link's origin is the configured public one, which holds the session.
  await page.getByRole('link', { name: 'API 管理' }).first().click();
  await expect(page).toHaveURL(/\/apimanager$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API 管理' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: '您正以管理員身分檢視此客戶' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '金鑰', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '建立金鑰' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^撤銷金鑰/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'API 文件（OpenAPI）' })).toBeVisible();
});

async function narrowScreen(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  const card = page.getByRole('list', { name: '此客戶的 API 金鑰' }).getByRole('listitem', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('已撤銷')).toBeVisible();
  await expect(page.getByLabel('名稱')).toBeVisible();
  await expect(page.getByRole('button', { name: '建立金鑰' })).toBeVisible();
  // Nothing in the screen reaches past the right edge (named, so a failure says what).
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')].filter((element) => element.getBoundingClientRect().right > 360).map((element) => `${element.tagName}: ${element.textContent?.slice(0, 40) ?? ''}`),
  );
  expect(wide).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const box of [await card.boundingBox(), await page.getByLabel('範例：列出您的 ICMP 任務').boundingBox()]) {
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  }
}
