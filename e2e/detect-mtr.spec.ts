import { expect, test, type Page } from '@playwright/test';
import { openAndSignIn, ssoLink } from './helpers.js';
import { awaitLocalNode } from './monitor-flow.js';

/**
 * /detect_mtr in zh-tw with the Local node's real agent and this machine's mtr: a run to
 * 127.0.0.1 whose hops arrive while it runs and which finishes, reopened from the history; the
 * count's bounds; the 360 px layout; and the administrator's read-only view.
 */

const run = (page: Page) => page.getByTestId('mtr-run');
const localResult = (page: Page) => run(page).getByTestId('mtr-node').filter({ has: page.getByRole('heading', { name: '本機' }) });
const hopTable = (page: Page) => localResult(page).getByRole('region', { name: '來自 本機 的每一跳' });

async function openForm(page: Page): Promise<void> {
  await page.goto('/detect_mtr');
  await expect(page.getByRole('heading', { level: 1, name: 'MTR 探測' })).toBeVisible();
  await awaitLocalNode(page);
}

test('an MTR run to 127.0.0.1 from the Local node: hops arrive, it finishes, and the history reopens it', async ({ page }) => {
  test.setTimeout(180_000);
  await openAndSignIn(page);
  await openForm(page);

  // The count's bounds are checked before anything is sent.
  await page.getByLabel('網域或 IP').fill('127.0.0.1');
  await page.getByLabel('每跳探測次數（1-100）').fill('101');
  await page.getByRole('checkbox', { name: /^本機/ }).check();
  await page.getByRole('button', { name: '開始 MTR' }).click();
  await expect(page.getByText('超出允許範圍')).toBeVisible();
  await expect(page).not.toHaveURL(/run=/);

  // Five rounds: the hops show while mtr runs (read every second), then the report.
  await page.getByLabel('每跳探測次數（1-100）').fill('5');
  await page.getByRole('button', { name: '開始 MTR' }).click();
  await expect(page).toHaveURL(/\/detect_mtr\?run=\d+$/);
  await expect(run(page)).toBeFocused();
  await expect(run(page).getByRole('heading', { name: 'MTR 至 127.0.0.1' })).toBeVisible();
  await expect(localResult(page).locator('[data-state="running"]')).toBeVisible({ timeout: 60_000 });
  await expect(hopTable(page).getByRole('row', { name: /127\.0\.0\.1/ })).toBeVisible({ timeout: 30_000 });
  await expect(localResult(page).locator('[data-state="done"]')).toBeVisible({ timeout: 60_000 });
  const row = hopTable(page).getByRole('row', { name: /127\.0\.0\.1/ });
  await expect(row.getByRole('rowheader')).toHaveText('1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0%');
  await expect(row.getByRole('cell').nth(3)).toHaveText('5');
  await expect(run(page).getByRole('status')).toHaveText('已結束：1 個節點中有 1 個回報結果');
  const runUrl = page.url();

  // The history lists it first; choosing it from a fresh screen shows it again, by keyboard too.
  await page.goto('/detect_mtr');
  await expect(run(page)).toHaveCount(0);
  const history = page.getByTestId('mtr-history');
  const entry = history.getByRole('button', { name: /^127\.0\.0\.1/ }).first();
  await expect(entry).toContainText('1 個節點中有 1 個回報');
  await entry.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(runUrl);
  await expect(localResult(page).locator('[data-state="done"]')).toBeVisible();
  await expect(entry).toHaveAttribute('aria-current', 'true');

  // 360 px: nothing wider than the screen but the hop table, which scrolls inside its own region.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(hopTable(page)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: '開始 MTR' })).toBeVisible();
  await expect(history).toBeVisible();
});

test('an administrator viewing the customer reads runs but cannot start one', async ({ page }) => {
  await page.goto(await ssoLink(page.request));
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(new URL('/detect_mtr', page.url()).href);
  await expect(page.getByText('此檢視可以查看探測結果，但無法開始新的探測。')).toBeVisible();
  await expect(page.getByRole('button', { name: '開始 MTR' })).toBeDisabled();
  await expect(page.getByTestId('mtr-history').getByRole('heading', { name: '最近的探測' })).toBeVisible();
});
