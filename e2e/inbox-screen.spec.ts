import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { importWorkbook } from '../tests/support/import-workbook.js';
import { apiCall, localNodeId, openAndSignIn, tokenOf } from './helpers.js';
import { awaitDeploymentsSettled, localTaskMaker } from './inbox-flow.js';
import { RUN } from './monitor-flow.js';
import { cutServer, expectServiceWorkerInControl, offlineBanner, restoreServer, storedEntries } from './offline-store.js';

/**
 * The inbox screen with real deployment messages (tasks on the Local node, whose agent runs beside
 * the e2e server): reached from the bell, filtered by type and status, paged within a filter, an
 * item's detail opened by mouse, keyboard and link (`?sno=`), marked read one by one and all at
 * once, usable at 360 px, and its kept page shown with the server out of reach; a finished
 * import (through the real upload) shows its counts and failed rows.
 */

const createLocalTask = localTaskMaker(40);
const screenList = (page: Page) => page.getByRole('main').getByRole('list', { name: '收件匣' });
const entryOf = (page: Page, name: string) => screenList(page).getByRole('listitem').filter({ hasText: `已部署：${name}` });
const detail = (page: Page) => page.locator('[data-inbox-detail]');

async function deployTotal(page: Page, token: string): Promise<number> {
  const answer = await apiCall<{ total: number }>(page.request, token, '/inbox/list', { type: 'deploy', page: 1, pageSize: 10 });
  return answer.total;
}

test('the inbox screen: filters, paging, detail, mark read, keyboard, 360 px and kept pages offline', async ({ page, context }) => {
  test.setTimeout(300_000);
  await openAndSignIn(page);
  const token = (await tokenOf(page)) ?? '';
  const nodeId = await localNodeId(page.request, token);
  await awaitDeploymentsSettled(page.request, token);
  const names = [`e2e inbox screen A ${RUN}`, `e2e inbox screen B ${RUN}`];
  const ids: number[] = [];
  for (const name of names) ids.push(await createLocalTask(page.request, token, name, nodeId));

  // From the bell's "see all" to the screen; the deployments are told once the agent took them (heartbeat every 2 s here: E2E.agentHeartbeatSeconds).
  await page.getByRole('button', { name: /^收件匣/ }).click();
  await page.getByRole('link', { name: '查看全部訊息' }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: '收件匣' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    for (const name of names) await expect(entryOf(page, name)).toHaveAttribute('data-read', 'false', { timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [3_000] });

  await filtersAndPaging(page, token, names);
  await detailSteps(page, names, ids);
  await markReadSteps(page, token, nodeId);
  await narrowScreen(page, names[0] ?? '');
  await keptOffline(page, context, names[1] ?? '');
});

async function filtersAndPaging(page: Page, token: string, names: string[]): Promise<void> {
  // Filters: type "deployment" keeps them; status "processing" leaves none, and "show all" brings them back.
  await page.getByLabel('類型').selectOption({ label: '部署' });
  await expect(page).toHaveURL(/type=deploy/);
  await expect(entryOf(page, names[0] ?? '')).toBeVisible();
  await page.getByLabel('狀態').selectOption({ label: '處理中' });
  await expect(page).toHaveURL(/status=1/);
  await expect(page.getByText('沒有符合篩選條件的訊息。')).toBeVisible();
  await page.getByRole('button', { name: '顯示全部訊息' }).click();
  await expect(page).not.toHaveURL(/type=|status=/);
  await expect(entryOf(page, names[1] ?? '')).toBeVisible();

  // Paging within a filter: a page past the end moves to the filter's last page, which holds the rest.
  const total = await deployTotal(page, token);
  const lastPage = Math.max(1, Math.ceil(total / 10));
  await page.goto('/inbox?type=deploy&status=2&page=99');
  await expect(page).toHaveURL(new RegExp(lastPage === 1 ? 'type=deploy&status=2$' : `page=${lastPage}`));
  await expect(page.getByText(`第 ${lastPage} / ${lastPage} 頁`)).toBeVisible();
  await expect(screenList(page).getByRole('listitem')).toHaveCount(total - (lastPage - 1) * 10);

}

async function detailSteps(page: Page, names: string[], ids: number[]): Promise<void> {
  // The detail: opening it marks the item read; its outcome, and a link to the task.
  await page.goto('/inbox');
  await entryOf(page, names[0] ?? '').getByRole('button', { expanded: false }).click();
  await expect(page).toHaveURL(/sno=/);
  await expect(detail(page).getByRole('heading', { name: `已部署：${names[0]}` })).toBeFocused();
  await expect(detail(page).getByText('節點', { exact: true })).toBeVisible();
  await expect(detail(page).getByRole('link', { name: '開啟任務' })).toHaveAttribute('href', `/monitor/1/detail/${ids[0]}`);
  await expect(entryOf(page, names[0] ?? '')).toHaveAttribute('data-read', 'true');

  // The detail's URL opens it again after a reload; close gives focus back to the entry.
  await page.reload();
  await expect(detail(page).getByRole('heading', { name: `已部署：${names[0]}` })).toBeVisible();
  await detail(page).getByRole('button', { name: '關閉詳情' }).click();
  await expect(detail(page)).toHaveCount(0);
  await expect(entryOf(page, names[0] ?? '').getByRole('button', { expanded: false })).toBeFocused();

  // From the keyboard: Enter on an entry opens its detail.
  await entryOf(page, names[1] ?? '').getByRole('button', { expanded: false }).focus();
  await page.keyboard.press('Enter');
  await expect(detail(page).getByRole('heading', { name: `已部署：${names[1]}` })).toBeFocused();
}

async function markReadSteps(page: Page, token: string, nodeId: number): Promise<void> {
  await page.goto('/inbox');
  // Mark read one by one, then all at once: the screen and the bell agree, also after a reload.
  const more = [`e2e inbox screen C ${RUN}`, `e2e inbox screen D ${RUN}`];
  for (const name of more) await createLocalTask(page.request, token, name, nodeId);
  await expect(async () => {
    await page.reload();
    for (const name of more) await expect(entryOf(page, name)).toHaveAttribute('data-read', 'false', { timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [3_000] });
  await entryOf(page, more[0] ?? '').getByRole('button', { name: /^將「.*」標為已讀$/ }).click();
  await expect(entryOf(page, more[0] ?? '')).toHaveAttribute('data-read', 'true');
  await expect(entryOf(page, more[1] ?? '')).toHaveAttribute('data-read', 'false');
  await page.getByRole('main').getByRole('button', { name: '全部標為已讀' }).click();
  await expect(entryOf(page, more[1] ?? '')).toHaveAttribute('data-read', 'true');
  await expect(page.getByText('未讀：0')).toBeVisible();
  await expect(page.getByRole('button', { name: '收件匣，0 則未讀' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('未讀：0')).toBeVisible();

  // An item that is not the user's (or unknown) says so in the detail.
  await page.goto('/inbox?sno=no-such-item');
  await expect(detail(page).getByText('這則訊息不在您的收件匣中')).toBeVisible();

}

async function narrowScreen(page: Page, name: string): Promise<void> {
  // 360 px: the list and an open detail fit the width.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/inbox');
  await entryOf(page, name).getByRole('button', { expanded: false }).click();
  await expect(detail(page).getByRole('link', { name: '開啟任務' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

interface StoredQuery {
  queryKey: unknown[];
  state: { data: unknown };
}

/**
 * Whether the device keeps the inbox screen's deployments page (not the bell's first page, nor the
 * unfiltered page an earlier step kept) naming `text`: the page a reload of `?type=deploy` asks for.
 */
function storesDeployPage(entry: string, text: string): boolean {
  const queries = (JSON.parse(entry) as { clientState: { queries: StoredQuery[] } }).clientState.queries;
  const isDeployPage = (key: unknown[]) => key[0] === 'inbox' && key[1] === 'list' && key.length === 3 && (key[2] as { type?: unknown }).type === 'deploy';
  return queries.some((query) => isDeployPage(query.queryKey) && JSON.stringify(query.state.data).includes(text));
}

async function keptOffline(page: Page, context: BrowserContext, name: string): Promise<void> {
  // Out of reach of the server, the screen opens on its kept page, and an item's detail shows what that page holds.
  await page.goto('/inbox?type=deploy');
  await expect(entryOf(page, name)).toBeVisible();
  await expect.poll(async () => (await storedEntries(page)).some((entry) => storesDeployPage(entry, name)), { timeout: 20_000 }).toBe(true);
  await expectServiceWorkerInControl(page);
  await cutServer(context);
  try {
    await page.reload();
    await expect(offlineBanner(page)).toContainText(/無法連線到伺服器/);
    await expect(entryOf(page, name)).toBeVisible();
    await entryOf(page, name).getByRole('button', { expanded: false }).click();
    await expect(detail(page).getByText('節點', { exact: true })).toBeVisible();
  } finally {
    await restoreServer(context);
  }
}

const IMPORT_HOST_BLOCK = 60;

/** Uploads a workbook through the real import (POST /domain/import, multipart) and waits until it is done; answers its sno. */
async function importThroughServer(page: Page, token: string, bytes: Uint8Array): Promise<string> {
  const answer = await page.request.post('/api/domain/import', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: `inbox-e2e-${RUN}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(bytes) } },
  });
  const body = (await answer.json()) as { code: number; data: { sno: string } };
  expect(body.code, JSON.stringify(body)).toBe(200);
  await expect.poll(() => apiCall<unknown>(page.request, token, '/domain/taskProgress', { sno: body.data.sno }), { timeout: 60_000, intervals: [1_000] }).toBe('done');
  return body.data.sno;
}

test("a finished import's item: counts, time taken, end time and its failed rows, and a link to its outcome", async ({ page }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  const token = (await tokenOf(page)) ?? '';
  const block = IMPORT_HOST_BLOCK + test.info().retry;
  const rows = [
    { name: `e2e inbox import A ${RUN}`, domain: `127.0.${block}.21`, frequencyMinutes: 60, nodes: 'Local' },
    { name: `e2e inbox import B ${RUN}`, domain: `127.0.${block}.22`, frequencyMinutes: 60, nodes: 'Local' },
    { name: `e2e inbox import bad ${RUN}`, domain: 'not a domain!', frequencyMinutes: 60, nodes: 'Local' },
  ];
  const sno = await importThroughServer(page, token, importWorkbook({ ICMP: rows }));

  await page.goto('/inbox?type=import&status=2');
  const entry = screenList(page).locator(`[data-inbox-sno="${sno}"]`);
  await expect(entry).toHaveAttribute('data-read', 'false');
  await entry.getByRole('button', { expanded: false }).click();
  await expect(entry).toHaveAttribute('data-read', 'true');
  const facts = detail(page);
  for (const [label, value] of [['列數', '3'], ['已匯入', '2'], ['失敗', '1']]) {
    await expect(facts.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd')).toHaveText(value ?? '');
  }
  await expect(facts.locator('dt', { hasText: /^耗時$/ }).locator('+ dd')).toHaveText(/\d+ (天|小時|分|秒|毫秒)/);
  await expect(facts.locator('dt', { hasText: /^完成時間$/ }).locator('+ dd')).not.toBeEmpty();
  const failedRow = facts.getByRole('table', { name: '失敗的列' }).getByRole('row').filter({ hasText: 'not a domain!' });
  await expect(failedRow.getByRole('cell')).toHaveText(['ICMP', '4', 'not a domain!', '', /^\d+$/, /\S/]);
  await expect(facts.getByRole('link', { name: '前往批次匯入' })).toHaveAttribute('href', `/monitor/import?sno=${sno}`);
});
