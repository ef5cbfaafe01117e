import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { IMPORT_SHEET_NAMES } from '../src/shared/import/template.js';
import { importWorkbook } from '../tests/support/import-workbook.js';
import { E2E } from './env.js';
import { apiCall, localNodeId, openAndSignIn, ssoLink, tokenOf } from './helpers.js';
import { filledTemplate, sheetNames, sheetRows, zhTwHeaderOf, type FilledRow } from './import-workbook.js';
import { RUN } from './monitor-flow.js';

/**
 * Issue 12 end to end in Chromium (zh-tw): the template downloaded through the console, filled
 * here with the spreadsheet library, uploaded through the screen; the progress watched, the
 * snackbar seen, the failed rows opened and downloaded and read back, and the new tasks found on
 * their lists. Then the checks the chooser makes before sending, the screen at 360 px, and the
 * administrator's read-only view.
 */

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LOCAL = 'Local';

const task = (type: string, extra: FilledRow = {}): FilledRow => ({
  name: `匯入 ${type} ${RUN}`,
  domain: `${type.toLowerCase()}-${RUN}.example.com`,
  frequencyMinutes: 5,
  nodes: LOCAL,
  ...extra,
});

/** Five rows that import, one per tab, and three that cannot: a frequency, a port, a node. */
const ROWS: Partial<Record<(typeof IMPORT_SHEET_NAMES)[number], FilledRow[]>> = {
  ICMP: [task('ICMP'), task('Freq', { frequencyMinutes: 7 })],
  TCP: [task('TCP', { port: 443 }), task('Port', { port: 70000 })],
  HTTP: [task('HTTP', { port: 80, otherPath: '/' }), task('Node', { port: 80, nodes: 'No Such Node' })],
  HTTPS: [task('HTTPS', { port: 443, otherPath: '/health' })],
  DNS: [task('DNS', { recordType: 'A', dnsServers: '1.1.1.1' })],
};
const CREATED = ['ICMP', 'TCP', 'HTTP', 'HTTPS', 'DNS'].map((type) => task(type));
/** Each failed row: its tab, its row in the tab (the header is row 1), its domain, the column its message names. */
const FAILED = [
  { protocol: 'ICMP', row: 3, domain: `freq-${RUN}.example.com`, column: '頻率（分鐘）' },
  { protocol: 'TCP', row: 3, domain: `port-${RUN}.example.com`, column: '埠號' },
  { protocol: 'HTTP', row: 3, domain: `node-${RUN}.example.com`, column: '監測節點' },
];

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  if (!path) throw new Error('the download was not saved');
  return readFile(path);
}

async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const download = page.waitForEvent('download');
  await click();
  return download;
}

/** What the progress panel showed while the import ran, recorded as it changed (an import of a few rows may finish within one poll). */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { importProgressSeen: string[] }).importProgressSeen = seen;
    new MutationObserver(() => {
      const panel = document.querySelector('[data-import-progress]');
      const text = panel?.textContent ?? '';
      if (text !== '' && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { importProgressSeen: string[] }).importProgressSeen);

test('the template is downloaded, filled, uploaded and imported, and its failed rows shown and downloaded', async ({ page }) => {
  test.setTimeout(150_000);
  await openAndSignIn(page);
  await page.goto('/monitor/import');
  await expect(page.getByRole('heading', { name: '批次匯入', level: 1 })).toBeVisible();

  const template = await downloadBy(page, () => page.getByRole('button', { name: '下載範本' }).click());
  expect(template.suggestedFilename()).toMatch(/^import-template-\d{8}\.xlsx$/);
  const templateBytes = await bytesOf(template);
  expect(sheetNames(templateBytes).slice(0, 5)).toEqual([...IMPORT_SHEET_NAMES]);
  for (const sheet of IMPORT_SHEET_NAMES) expect(sheetRows(templateBytes, sheet)[0], sheet).toEqual(zhTwHeaderOf(sheet));

  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/domain/taskProgress')) polls.push(request.url());
  });
  await recordProgress(page);
  await page.getByLabel('試算表檔案').setInputFiles({ name: `tasks-${RUN}.xlsx`, mimeType: XLSX_MIME, buffer: filledTemplate(templateBytes, ROWS) });
  await page.getByRole('button', { name: '上傳並匯入' }).click();

  await expect(page.getByText('排程已完成：匯入結束。')).toBeVisible({ timeout: 60_000 });
  expect(polls.length).toBeGreaterThan(0);
  const shown = await progressSeen(page);
  expect(shown.length, 'the progress panel showed while the import ran').toBeGreaterThan(0);
  for (const text of shown) expect(text).toMatch(/匯入已開始|\d+(\.\d)? %已處理 \d+ \/ 8 列成功：\d+失敗：\d+/);

  const result = page.locator('[data-import-result]');
  await expect(result).toContainText('總列數8');
  await expect(result).toContainText('成功5');
  await expect(result).toContainText('失敗3');
  await page.getByRole('button', { name: '顯示失敗的列（3）' }).click();
  const table = page.getByRole('table', { name: '未匯入的列' });
  await expect(table.getByRole('row')).toHaveCount(1 + FAILED.length);
  for (const failed of FAILED) {
    const row = table.locator(`[data-failed-row="${failed.protocol}:${failed.row}"]`);
    await expect(row).toContainText(failed.domain);
    await expect(row).toContainText(failed.column);
  }

  const failedFile = await downloadBy(page, () => page.getByRole('button', { name: '下載失敗的列' }).click());
  expect(failedFile.suggestedFilename()).toMatch(/^import-failed-\d{8}\.xlsx$/);
  const failedBytes = await bytesOf(failedFile);
  const [sheet = ''] = sheetNames(failedBytes);
  const [header = [], ...rows] = sheetRows(failedBytes, sheet);
  expect(header.length).toBeGreaterThanOrEqual(5);
  expect(rows).toHaveLength(FAILED.length);
  const written = rows.map((row) => row.join('|'));
  for (const failed of FAILED) {
    const line = written.find((text) => text.includes(failed.domain));
    expect(line, failed.domain).toBeDefined();
    expect(line).toContain(failed.protocol);
    expect(line).toMatch(/\|1001000\d\||\|\d{4}\|/);
    expect(line).toContain(failed.column);
  }

  await page.goto(`/monitor/1?q=${encodeURIComponent(`匯入 ICMP ${RUN}`)}`);
  await expect(page.getByRole('link', { name: `匯入 ICMP ${RUN}` }).first()).toBeVisible();
  await page.goto(`/monitor/5?q=${encodeURIComponent(`匯入 DNS ${RUN}`)}`);
  await expect(page.getByRole('link', { name: `匯入 DNS ${RUN}` }).first()).toBeVisible();
  await forgetTasks(page);
});

/** The imported tasks go again, so later specs count and deploy only their own. */
async function forgetTasks(page: Page): Promise<void> {
  const token = await tokenOf(page);
  if (!token) throw new Error('signed out');
  const ids: number[] = [];
  for (const [index, created] of CREATED.entries()) {
    const found = await apiCall<{ list: { id: number; name: string }[] }>(page.request, token, '/domain/list', { type: index + 1, keyword: created.name, page: 1, pageSize: 10 });
    ids.push(...found.list.filter((row) => row.name === created.name).map((row) => row.id));
  }
  expect(ids).toHaveLength(CREATED.length);
  await expect(async () => {
    await apiCall(page.request, token, '/domain/delete', { ids });
  }).toPass({ timeout: 60_000 });
}

test('the chooser refuses sending nothing, another kind of file, and a file over 5 MB, saying why', async ({ page }) => {
  await openAndSignIn(page);
  await page.goto('/monitor/import');
  const chooser = page.getByLabel('試算表檔案');
  const send = page.getByRole('button', { name: '上傳並匯入' });
  await send.click();
  await expect(page.getByText('必須選擇檔案。')).toBeVisible();
  await expect(chooser).toBeFocused();
  await chooser.setInputFiles({ name: 'tasks.csv', mimeType: 'text/csv', buffer: Buffer.from('name,domain\n') });
  await expect(page.getByText('無法匯入 tasks.csv：只能匯入 xlsx 或 xls 檔案。')).toBeVisible();
  await chooser.setInputFiles({ name: 'big.xlsx', mimeType: XLSX_MIME, buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(page.getByText('檔案為 6 MB，最多只能匯入 5 MB。')).toBeVisible();
  await expect(chooser).toHaveAttribute('aria-invalid', 'true');
});

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the import screen fits a 360 px wide phone, the failed rows as cards', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openAndSignIn(page);
  await page.goto('/monitor/import');
  await expect(page.getByRole('button', { name: '上傳並匯入' })).toBeVisible();
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  // The first test's import is the newest finished one not yet read: its result shows here.
  await page.getByRole('button', { name: '顯示失敗的列（3）' }).click();
  const cards = page.getByRole('list', { name: '未匯入的列' }).getByRole('listitem');
  await expect(cards).toHaveCount(FAILED.length);
  await expect(page.getByRole('table', { name: '未匯入的列' })).toBeHidden();
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
});

test("an administrator viewing the customer may download the template but not import", async ({ page }) => {
  await page.goto(await ssoLink(page.request));
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(new URL('/monitor/import', page.url()).href);
  await expect(page.getByRole('note').filter({ hasText: '管理員檢視模式下無法修改資料。' })).toBeVisible();
  await expect(page.getByRole('button', { name: '上傳並匯入' })).toBeDisabled();
  await expect(page.getByLabel('試算表檔案')).toBeDisabled();
  await expect(page.getByRole('button', { name: '下載範本' })).toBeEnabled();
});

/**
 * Forty rows that all fail (a frequency the form does not offer), so the shared database keeps no
 * task of this test's. The e2e server imports a row, then pauses a second (E2E.importBatch*): the
 * import stays processing for at least 39 s from its upload, whatever the machine's speed, which is
 * what the observations below need, never a wait of their own.
 */
const SLOW_ROWS = Array.from({ length: 40 }, (_, index) => task(`Slow${index}`, { frequencyMinutes: 7 }));

/** The progress bar's value when it is part-way (neither the start nor the end), else what it was. */
async function partWay(page: Page): Promise<number | string> {
  const value = await page.locator('[data-import-progress]').getByRole('progressbar').getAttribute('aria-valuenow');
  const percent = Number(value);
  return value !== null && percent > 0 && percent < 100 ? 'part-way' : String(value);
}

test('while an import is processing, its screen shows how far it is and every task change waits for it (2105)', async ({ page }) => {
  test.setTimeout(180_000);
  expect(E2E.importBatchRows * E2E.importBatchPauseMs * SLOW_ROWS.length, 'the import outlasts the observations').toBeGreaterThanOrEqual(40_000);
  await openAndSignIn(page);
  const token = (await tokenOf(page)) ?? '';
  const nodeId = await localNodeId(page.request, token);
  // A retried run starts once its first attempt's import has ended.
  await expect.poll(async () => (await apiCall<{ processing: string | null }>(page.request, token, '/domain/checkTask')).processing, { timeout: 90_000 }).toBeNull();

  await page.goto('/monitor/import');
  await page.getByLabel('試算表檔案').setInputFiles({ name: `slow-${RUN}.xlsx`, mimeType: XLSX_MIME, buffer: Buffer.from(importWorkbook({ ICMP: SLOW_ROWS })) });
  await page.getByRole('button', { name: '上傳並匯入' }).click();
  // The console polls every 5 s: a poll while it runs shows a percent between 0 and 100.
  await expect.poll(() => partWay(page), { timeout: 30_000 }).toBe('part-way');
  await expect(page.locator('[data-import-progress]')).toContainText(/\d+(\.\d+)? %已處理 \d+ \/ 40 列成功：0失敗：\d+/);

  // Meanwhile task changes wait: the banner of the task screens, the create link disabled, and the server's refusal.
  await page.goto('/monitor/1');
  await expect(page.locator('[data-import-lock]')).toContainText(/匯入進行中：\d+(\.\d+)? %。排程任務仍在處理中，請稍候/);
  await expect(page.getByRole('link', { name: '建立任務' }).first()).toHaveAttribute('aria-disabled', 'true');
  const refused = await page.request.post('/api/domain/icmp/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `e2e locked ${RUN}`, domain: '127.0.0.1', frequencyMinutes: 5, nodeIds: [nodeId] },
  });
  expect(((await refused.json()) as { code: number }).code).toBe(2105);

  // Its end frees them: the snackbar, and the banner goes.
  await expect(page.getByText('排程已完成：匯入結束。')).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('[data-import-lock]')).toBeHidden();
  await expect(page.getByRole('link', { name: '建立任務' }).first()).not.toHaveAttribute('aria-disabled', 'true');
});
