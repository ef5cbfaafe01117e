import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import importTexts from '../locales/zh-tw/import.json' with { type: 'json' };
import { IMPORT_SHEETS } from '../src/shared/import/template.js';
import { openAndSignIn, selectInOneTask, signIn } from './helpers.js';
import { startLocalTargets, type LocalTargets } from './local-targets.js';
import { createTask, expectFigures, RUN, taskPlans, taskRow, type TaskPlan } from './monitor-flow.js';
import { ensureSecondCustomer } from './second-customer.js';

/**
 * The monitor flow of issue 4 through the console, against real servers on 127.0.0.1 that the
 * Local node's agent (run by `npm start`, allowed loopback targets for these tests) checks for real.
 * The tests build on each other: tasks created first are read, changed and exported after.
 */
test.describe.configure({ mode: 'serial' });

let targets: LocalTargets;
let plans: ReturnType<typeof taskPlans>;
const renamedTcp = `e2e TCP renamed ${RUN}`;

test.beforeAll(async () => {
  targets = await startLocalTargets(`e2e-${RUN}.vigil.test`);
  plans = taskPlans(targets);
});

test.afterAll(async () => {
  await targets?.close();
});

async function idOf(page: Page, plan: TaskPlan): Promise<number> {
  await page.goto(`/monitor/${plan.type}`);
  return Number(await taskRow(page, plan.name).getAttribute('data-task-id'));
}

test('a task of each type 1-5 is created through its form, against local targets, on the Local node every minute', async ({ page }) => {
  test.setTimeout(180_000);
  await openAndSignIn(page);
  for (const plan of Object.values(plans)) await createTask(page, plan);
});

test('the lists show real availability and response time for every task', async ({ page }) => {
  test.setTimeout(240_000);
  await openAndSignIn(page);
  for (const plan of Object.values(plans)) await expectFigures(page, plan.type, plan.name);
});

test('at 360 px the list is the on-call glance: filters folded behind "篩選", the first task card in the first screenful, 44 px touch targets', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await openAndSignIn(page);
  await page.goto('/monitor/3');
  const firstCard = page.getByRole('list', { name: '監控任務' }).getByRole('listitem').first();
  await expect(firstCard.locator('[data-service-status]')).toBeInViewport();
  await expect(firstCard.getByRole('switch')).toBeInViewport();
  const card = page.getByRole('listitem', { name: plans.http.name, exact: true });
  await expect(page.getByRole('searchbox')).toBeVisible();
  const filters = page.getByRole('button', { name: '篩選', exact: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('服務狀態', { exact: true })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const heights = [
    filters,
    card.getByRole('switch'),
    card.getByRole('link', { name: `編輯 ${plans.http.name}` }),
    card.locator('label').filter({ has: page.getByRole('checkbox', { name: `選取 ${plans.http.name}` }) }),
    page.getByRole('navigation', { name: '分頁' }).getByRole('button', { name: '下一頁' }),
    page.getByRole('navigation', { name: '監控類型' }).getByRole('link', { name: 'HTTP', exact: true }),
  ];
  for (const target of heights) expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('服務狀態', { exact: true }).selectOption({ label: '正常' });
  await expect(page).toHaveURL(/[?&]service=1(&|$)/);
  await expect(page.getByRole('button', { name: '篩選（1）', exact: true })).toBeVisible();

  // The type tabs scroll sideways; the current one is brought into view.
  await page.goto('/monitor/7');
  const sslTab = page.getByRole('navigation', { name: '監控類型' }).getByRole('link', { name: 'SSL 憑證', exact: true });
  await expect(sslTab).toHaveAttribute('aria-current', 'page');
  const box = await sslTab.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
});

test('the detail shows the trend, the Local node in the breakdown and a region on the map', async ({ page }) => {
  test.setTimeout(90_000);
  await openAndSignIn(page);
  await page.goto('/monitor/3');
  await taskRow(page, plans.http.name).getByRole('link', { name: plans.http.name, exact: true }).click();
  await expect(page).toHaveURL(/\/monitor\/3\/detail\/\d+/);
  await expect(page.getByRole('heading', { name: plans.http.name })).toBeVisible();

  const trend = page.getByRole('region', { name: '趨勢' });
  await expect(trend.getByRole('img', { name: '任務可用率與回應時間的趨勢' })).toBeVisible({ timeout: 20_000 });

  const breakdown = page.getByRole('region', { name: '分項統計' }).getByRole('table', { name: '依節點' });
  const localRow = breakdown.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /本機/ }) });
  await expect(localRow).toContainText(/\d+(\.\d+)?\s?%/);
  await expect(localRow).toContainText(/[\d.]+\s?ms/);
  await expect(localRow).toContainText('正常');

  const map = page.getByRole('region', { name: '地圖' });
  await map.getByRole('button', { name: '以表格顯示' }).click();
  const regions = map.getByRole('table', { name: '各地區服務狀態' });
  const regionRows = regions.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(regionRows.first()).toContainText(/正常|警告|異常/);
  await expect(map.getByRole('table', { name: '各節點服務狀態' })).toContainText('本機');
  await expect(page.getByRole('region', { name: '各節點最新檢測' })).toContainText(/建立連線.*等待首位元組.*總計/);
});

test("a DNS task's detail shows the answer our DNS server gave to the Local node", async ({ page }) => {
  await openAndSignIn(page);
  await page.goto(`/monitor/5/detail/${await idOf(page, plans.dns)}`);
  const latest = page.getByRole('region', { name: '各節點最新檢測' });
  await expect(latest).toContainText(String(targets.dnsPort));
  const answers = latest.getByRole('table', { name: 'DNS 回應記錄' });
  await expect(answers).toContainText(targets.dnsName);
  await expect(answers).toContainText('127.0.0.1');

  // The range and auto-refresh changed in one task, before a re-render: the second builds on the first.
  await selectInOneTask(page, [
    [page.getByLabel('時間範圍', { exact: true }), '6h'],
    [page.getByLabel('自動重新整理', { exact: true }), '60'],
  ]);
  await expect(page).toHaveURL(/[?&]range=6h(&|$)/);
  await expect(page).toHaveURL(/[?&]refresh=60(&|$)/);
  await expect(page.getByLabel('時間範圍', { exact: true })).toHaveValue('6h');
  await expect(page.getByLabel('自動重新整理', { exact: true })).toHaveValue('60');
});

test('a task is renamed, another disabled, and two are deleted together after confirming', async ({ page }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);

  await page.goto('/monitor/2');
  await page.getByRole('link', { name: `編輯 ${plans.tcp.name}` }).click();
  const name = page.getByLabel('任務名稱', { exact: true });
  await expect(name).toHaveValue(plans.tcp.name);
  await name.fill(renamedTcp);
  await page.getByRole('button', { name: '儲存變更' }).click();
  await expect(page).toHaveURL(/\/monitor\/2(\?.*)?$/, { timeout: 20_000 });
  await expect(taskRow(page, renamedTcp)).toBeVisible();
  await expect(taskRow(page, plans.tcp.name)).toHaveCount(0);

  await page.goto('/monitor/1');
  const toggle = taskRow(page, plans.icmp.name).getByRole('switch', { name: `啟用：${plans.icmp.name}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toHaveText('停用');

  await page.goto('/monitor/3');
  for (const plan of [plans.http, plans.httpSecond]) await page.getByRole('checkbox', { name: `選取 ${plan.name}` }).check();
  await page.getByRole('button', { name: '刪除選取項目' }).click();
  const dialog = page.getByRole('dialog', { name: '要刪除任務（2 個）嗎？' });
  await expect(dialog).toContainText(plans.http.name);
  await dialog.getByRole('button', { name: '刪除（2 個）' }).click();
  await expect(taskRow(page, plans.http.name)).toHaveCount(0, { timeout: 20_000 });
  await expect(taskRow(page, plans.httpSecond.name)).toHaveCount(0);
  await expect(page.getByText('此類型尚無任務。')).toBeVisible();
});

function localDay(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}`;
}

test("the list exports to an xlsx named with the date: the import template's tabs and columns, the tasks in the TCP tab", async ({ page }) => {
  await openAndSignIn(page);
  await page.goto('/monitor/2');
  await expect(taskRow(page, renamedTcp)).toBeVisible();
  const before = localDay(new Date());
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '匯出' }).click()]);
  const day = /^monitor-[a-z]+-(\d{8})\.xlsx$/.exec(download.suggestedFilename())?.[1];
  expect([before, localDay(new Date())]).toContain(day);

  const book = XLSX.read(readFileSync(await download.path()));
  expect(book.SheetNames).toEqual(IMPORT_SHEETS.map((tab) => tab.name));
  const rowsOf = (name: string) => {
    const sheet = book.Sheets[name];
    if (!sheet) throw new Error(`no ${name} sheet`);
    return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: true, defval: '' });
  };
  for (const tab of IMPORT_SHEETS) {
    const rows = rowsOf(tab.name);
    expect(rows[0], tab.name).toEqual(tab.columns.map((column) => importTexts.columns[column]));
    if (tab.name !== 'TCP') expect(rows, tab.name).toHaveLength(1);
  }
  const rows = rowsOf('TCP');
  const columns = IMPORT_SHEETS[1]?.columns ?? [];
  const renamed = rows.find((row) => row[columns.indexOf('name')] === renamedTcp);
  expect(renamed?.[columns.indexOf('domain')]).toBe('127.0.0.1');
  expect(renamed?.[columns.indexOf('port')]).toBe(String(targets.tcpPort));
  expect(renamed?.[columns.indexOf('nodes')]).not.toBe('');
  expect(renamed?.[columns.indexOf('enabled')]).toBe(importTexts.values.yes);
});

test('an export that fails says so beside the button for 3 s, then the notice goes', async ({ page }) => {
  await openAndSignIn(page);
  await page.goto('/monitor/2');
  await expect(taskRow(page, renamedTcp)).toBeVisible();
  await page.route('**/domain/export', (route) => route.fulfill({ status: 502, body: '' }));
  await page.getByRole('button', { name: '匯出' }).click();
  const notice = page.getByRole('alert').filter({ hasText: '匯出失敗' });
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: '匯出' })).toBeEnabled();
});

test("another customer's user gets the not-found state at the first customer's detail URL", async ({ page }) => {
  await openAndSignIn(page);
  const httpsId = await idOf(page, plans.https);
  expect(httpsId).toBeGreaterThan(0);
  await page.evaluate(() => localStorage.clear());

  const other = await ensureSecondCustomer();
  await page.goto('/login');
  await signIn(page, other.account, other.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`/monitor/4/detail/${httpsId}`);
  const main = page.getByRole('main');
  await expect(main.getByText('找不到此任務', { exact: true })).toBeVisible();
  await expect(main.getByText('任務不存在、已刪除，或不屬於您的帳戶。')).toBeVisible();
  await expect(page.getByText(plans.https.name)).toHaveCount(0);
  await page.goto('/monitor/4');
  await expect(page.getByText('此類型尚無任務。')).toBeVisible();
});
