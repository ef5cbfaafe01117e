import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './env.js';
import { openAndSignIn, selectInOneTask } from './helpers.js';
import { platformCall } from './second-customer.js';

/** A node of the list on wide screens: a table row named by the node in zh-tw (later tests find the Local node, 本機, the same way). */
const nodeRow = (page: Page, name: string) => page.getByRole('row', { name, exact: true });
const filter = (page: Page, label: string) => page.getByRole('search').getByRole('combobox', { name: label });
const pager = (page: Page) => page.getByRole('navigation', { name: '分頁' });

async function totalOf(page: Page): Promise<number> {
  const text = (await pager(page).getByText(/^共 [\d,]+ 個節點$/).textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

test('the node list shows the seeded catalogue, filters it, and keeps the filters across a reload', async ({ page }) => {
  await openAndSignIn(page);
  await page.getByRole('link', { name: '節點' }).first().click();
  await expect(page).toHaveURL(/\/nodes$/);
  await expect(page.getByRole('heading', { name: '監控節點' })).toBeVisible();

  await pager(page).getByLabel('每頁筆數').selectOption('30');
  const beijingTelecom = nodeRow(page, '北京 電信');
  await expect(beijingTelecom).toBeVisible();
  await expect(beijingTelecom.locator('[data-status]')).toHaveText('無');
  await expect(beijingTelecom.getByRole('cell', { name: '電信' })).toBeVisible();
  await expect(beijingTelecom).toContainText('北京 · 華北');
  await expect(beijingTelecom).not.toContainText('Beijing');
  await expect(page.getByRole('region', { name: '狀態說明' })).toContainText('此節點尚未有代理程式執行');
  const everyNode = await totalOf(page);

  await filter(page, '地圖類型').selectOption({ label: '中國' });
  await filter(page, '電信業者').selectOption({ label: '聯通' });
  await expect(page).toHaveURL(/mapType=1/);
  await expect(page).toHaveURL(/isp=2/);
  await expect(nodeRow(page, '北京 聯通')).toBeVisible();
  await expect(beijingTelecom).toHaveCount(0);
  const unicomInChina = await totalOf(page);
  expect(unicomInChina).toBeGreaterThan(0);
  expect(unicomInChina).toBeLessThan(everyNode);
  const rows = page.locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(Math.min(unicomInChina, 30));
  for (const row of await rows.all()) await expect(row.getByRole('cell', { name: '聯通', exact: true })).toBeVisible();

  await page.reload();
  await expect(filter(page, '地圖類型')).toHaveValue('1');
  await expect(filter(page, '電信業者')).toHaveValue('2');
  await expect(pager(page).getByLabel('每頁筆數')).toHaveValue('30');
  await expect(nodeRow(page, '北京 聯通')).toBeVisible();
  expect(await totalOf(page)).toBe(unicomInChina);

  await page.getByRole('button', { name: '清除篩選' }).click();
  await expect(filter(page, '地圖類型')).toHaveValue('');
  await expect(beijingTelecom).toBeVisible();
});

test('two filters changed before the list re-renders are both kept (a quick user or a slow phone)', async ({ page }) => {
  await openAndSignIn(page);
  await page.goto('/nodes');
  await expect(filter(page, '電信業者')).toBeEnabled();
  await selectInOneTask(page, [
    [filter(page, '地圖類型'), '1'],
    [filter(page, '電信業者'), '2'],
  ]);
  await expect(page).toHaveURL(/mapType=1/);
  await expect(page).toHaveURL(/isp=2/);
  await expect(filter(page, '地圖類型')).toHaveValue('1');
  await expect(filter(page, '電信業者')).toHaveValue('2');
});

test('a filter nothing matches says so and offers a reset; at 360 px the nodes are cards', async ({ page }) => {
  await openAndSignIn(page);
  await page.goto('/nodes?mapType=2&country=JP');
  await expect(page.getByText('沒有符合這些篩選條件的節點')).toBeVisible();
  await expect(filter(page, '區域')).toBeDisabled();
  await page.getByRole('status').getByRole('button', { name: '清除篩選' }).click();
  await expect(page).toHaveURL(/\/nodes$/);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/nodes?country=SG');
  await expect(page.getByRole('listitem', { name: '新加坡', exact: true })).toContainText('東南亞');
  await expect(page.getByRole('listitem', { name: '新加坡', exact: true })).not.toContainText('Singapore');
  await expect(nodeRow(page, '新加坡')).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the Local node, probed by the agent that npm start runs, shows as usable with its tools', async ({ page }) => {
  await openAndSignIn(page);
  await page.goto('/nodes?status=usable');
  const local = nodeRow(page, '本機');
  await expect(local.locator('[data-status]')).toHaveText('可用', { timeout: 30_000 });
  await expect(local).toContainText('fping');
  await expect(local).toContainText('traceroute');
});

test("a node whose agent's spool overflowed shows how many results were dropped and when, also at 360 px", async ({ page }) => {
  // What an agent does after its full spool dropped results: it reports the count with its next batch.
  const { data } = await platformCall<{ key: string }>('/node/key', { node: 'jp-osaka' });
  const reported = await fetch(`http://127.0.0.1:${E2E.port}/api/agent/results`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${data.key}` },
    body: JSON.stringify({ batchId: randomUUID(), dropped: 7, results: [] }),
  });
  expect(reported.status).toBe(200);

  await openAndSignIn(page);
  await page.goto('/nodes?country=JP');
  await expect(nodeRow(page, '大阪')).toContainText(/已捨棄 \d+ 筆結果（暫存已滿） · 最近一次：/);
  // A node without drops says nothing about them.
  await expect(nodeRow(page, '東京')).not.toContainText('已捨棄');

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('listitem', { name: '大阪', exact: true })).toContainText(/已捨棄 \d+ 筆結果（暫存已滿）/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
