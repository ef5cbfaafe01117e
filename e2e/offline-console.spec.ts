import { expect, test, type Page } from '@playwright/test';
import { openAndSignIn, signIn } from './helpers.js';
import { startLocalTargets, type LocalTargets } from './local-targets.js';
import { createTask, expectFigures, RUN, taskPlans, taskRow, type TaskPlan } from './monitor-flow.js';
import { expectPictureKept, pictureWatchOf, watchPictureAtStart } from './offline-picture.js';
import { expectServiceWorkerInControl, expectStored, goOffline, goOnline, cutServer, offlineBanner, restoreServer, storedEntries } from './offline-store.js';

/**
 * The on-call glance without network: a real task checked by the Local node's agent is seen online
 * (overview and its list), then the console opens again with no network, from the service worker's
 * precache and the last-known answers in IndexedDB. The tests build on each other.
 */
test.describe.configure({ mode: 'serial' });

let targets: LocalTargets;
let plan: TaskPlan;

test.beforeAll(async () => {
  targets = await startLocalTargets(`e2e-offline-${RUN}.vigil.test`);
  // Its own targets (ports) and name: never a duplicate of the monitor specs' HTTP task.
  plan = { ...taskPlans(targets).http, name: `e2e offline HTTP ${RUN}` };
});

test.afterAll(async () => {
  await targets?.close();
});

/** What a control that changes data says while offline (its description, read by screen readers). */
const OFFLINE_REASON = '您目前離線 — 變更需要網路連線';

/** The task's row as the list shows it: name, target, frequency, status, availability, response time, deploy status. */
async function rowText(page: Page): Promise<string> {
  const row = taskRow(page, plan.name);
  await expect(row).toBeVisible();
  return row.innerText();
}

interface StoredQuery {
  queryKey: unknown[];
  state: { data: unknown };
}

/** Whether a stored task list (not any answer: the inbox names the task too) holds the task. */
function storesTaskList(entry: string, name: string): boolean {
  const queries = (JSON.parse(entry) as { clientState: { queries: StoredQuery[] } }).clientState.queries;
  return queries.some((query) => query.queryKey[0] === 'tasks' && query.queryKey[1] === 'list' && JSON.stringify(query.state.data).includes(name));
}

/** Waits until the device holds the task's list with the task in it (writes are coalesced for a moment). */
async function expectListStored(page: Page): Promise<void> {
  await expect.poll(async () => (await storedEntries(page)).some((entry) => storesTaskList(entry, plan.name)), { timeout: 20_000 }).toBe(true);
}

/** The row's words, spaces evened out, without the offline reason its controls carry. */
async function shownRowText(page: Page): Promise<string> {
  return (await rowText(page)).replaceAll(OFFLINE_REASON, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The kept picture of the list painted before React showed the same row, word for word, and React's
 * rows replaced it in one go: never both at once, never a moment without rows, one row per task.
 */
async function expectPictureReplaced(page: Page, online: string): Promise<void> {
  const watch = await pictureWatchOf(page);
  expect(watch?.paintedRows[plan.name]?.replace(/\s+/g, ' ').trim()).toBe(online.replace(/\s+/g, ' ').trim());
  expect(watch).toMatchObject({ replaced: true, sawBoth: false, sawNeither: false });
  expect(watch?.drawnBoxes[plan.name]).toEqual(watch?.paintedBoxes[plan.name]);
  await expect(page.locator('#vigil-picture')).toHaveCount(0);
  await expect(page.locator('[data-task-id]').filter({ hasText: plan.name })).toHaveCount(1);
}

/** Offline, every change on the list is disabled and says why: the row's switch and edit, the bulk delete, a group's creation. */
async function expectChangesDisabled(page: Page): Promise<void> {
  const row = taskRow(page, plan.name);
  await expect(row.getByRole('switch')).toBeDisabled();
  await expect(row.getByRole('switch')).toHaveAccessibleDescription(OFFLINE_REASON);
  await expect(row.getByRole('link', { name: '編輯' })).toHaveAttribute('aria-disabled', 'true');

  // Choosing rows needs no network; deleting them does.
  await row.getByRole('checkbox', { name: `選取 ${plan.name}` }).check();
  const bulkDelete = page.getByRole('region', { name: '已選取的任務' }).getByRole('button', { name: '刪除選取項目' });
  await expect(bulkDelete).toBeDisabled();
  await expect(bulkDelete).toHaveAccessibleDescription(OFFLINE_REASON);
  await page.getByRole('button', { name: '清除選取' }).click();
}

async function expectGroupCreationDisabled(page: Page): Promise<void> {
  await page.goto('/monitor/groups');
  await expect(offlineBanner(page)).toBeVisible();
  const create = page.getByRole('button', { name: '新增網域群組' }).first();
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(OFFLINE_REASON);
}

/** A kept row leads to the task's details, which are not kept: the screen says so and leads back to the list. */
async function expectDetailsNeedConnection(page: Page): Promise<void> {
  await taskRow(page, plan.name).getByRole('link', { name: plan.name, exact: true }).click();
  await expect(page).toHaveURL(/\/monitor\/3\/detail\/\d+/);
  const problem = page.locator('[data-state="needsConnection"]');
  await expect(problem).toContainText('任務詳情需要網路連線');
  await expect(problem).not.toContainText('無法載入');
  await problem.getByRole('link', { name: '返回任務列表' }).click();
  await expect(page).toHaveURL(/\/monitor\/3$/);
  await expect(taskRow(page, plan.name)).toBeVisible();
}

test('online: a task is created and checked, and the overview and its list are seen', async ({ page }) => {
  test.setTimeout(240_000);
  await openAndSignIn(page);
  await expectServiceWorkerInControl(page);
  await createTask(page, plan);
  await expectFigures(page, 3, plan.name);
  expect(await rowText(page)).toMatch(/啟用[\s\S]*\d+(\.\d+)?\s?%[\s\S]*ms[\s\S]*已部署/);
  await expectListStored(page);
  await page.goto('/overview');
  await expect(page.locator('[data-type-card="3"]')).toBeVisible();
  await expectStored(page, '"overview"');
});

test('offline, the console opens from the precache with the last-known rows, the banner, and changes disabled', async ({ page, context }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  await expectServiceWorkerInControl(page);
  // The glance has answered (its cards need the counts, its bands the status) before the list is opened.
  await expect(page.locator('[data-type-card="3"] [data-band]').first()).toBeVisible();
  await expectStored(page, '"qty"');
  await page.goto('/monitor/3');
  await expect(taskRow(page, plan.name)).toBeVisible();
  await expectListStored(page);
  const online = await rowText(page);
  expect(online).toMatch(/\d+(\.\d+)?\s?%/);
  await expectPictureKept(page);

  await goOffline(context);
  await watchPictureAtStart(context);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(offlineBanner(page)).toContainText(/離線中 — 最後更新於 .+。/);
  await expect(offlineBanner(page)).toContainText('變更需要網路連線');
  await expect.poll(() => shownRowText(page)).toBe(online.replace(/\s+/g, ' ').trim());
  await expectPictureReplaced(page, online);

  const create = page.getByRole('link', { name: '建立任務' }).first();
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  await expect(create).toHaveAccessibleDescription(OFFLINE_REASON);
  await expectChangesDisabled(page);
  await expectGroupCreationDisabled(page);

  // The glance too, opened cold (a navigation the service worker answers), with its last-known bands.
  await page.goto('/overview');
  await expect(offlineBanner(page)).toBeVisible();
  await expect(page.locator('[data-type-card="3"] [data-band]').first()).toBeVisible();

  await page.goto('/monitor/3');
  await expect(taskRow(page, plan.name)).toBeVisible();
  await expectDetailsNeedConnection(page);
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/domain/list') && response.ok());
  await goOnline(context);
  await refreshed;
  await expect(offlineBanner(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: '建立任務' }).first()).toHaveAttribute('href', /\/monitor\/create\/3/);
});

test('with the device online but the server out of reach, the same banner shows until the server answers', async ({ page, context }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  await page.goto('/monitor/3');
  await expect(taskRow(page, plan.name)).toBeVisible();
  await expectListStored(page);

  await expectServiceWorkerInControl(page);
  await cutServer(context);
  await page.reload();
  await expect(offlineBanner(page)).toContainText(/無法連線到伺服器 — 最後更新於/);
  await expect(taskRow(page, plan.name)).toBeVisible();
  await expect(page.getByRole('link', { name: '建立任務' }).first()).toHaveAttribute('aria-disabled', 'true');

  // The console asks again now and then; the first answer ends the banner.
  await restoreServer(context);
  await expect(offlineBanner(page)).toHaveCount(0, { timeout: 40_000 });
});

test('a browser that says it is offline while the server answers: sign-in, fresh lists, no banner, changes allowed', async ({ page, context }) => {
  test.setTimeout(120_000);
  // A loopback-only host or a network without a default route: navigator.onLine stays false, no "online" ever comes.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
  });
  await page.goto('/login');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  // The server really out of reach as well: sign-in tries, and says so.
  await cutServer(context);
  await signIn(page);
  await expect(page.getByRole('alert').filter({ hasText: '無法連線到伺服器，因此無法登入' })).toBeVisible();
  await restoreServer(context);

  await signIn(page);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.locator('[data-type-card="3"]')).toBeVisible();
  const fresh = page.waitForResponse((response) => response.url().endsWith('/api/domain/list') && response.ok());
  await page.goto('/monitor/3');
  await fresh;
  await expect(taskRow(page, plan.name)).toBeVisible();
  await expect(offlineBanner(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: '建立任務' }).first()).toHaveAttribute('href', /\/monitor\/create\/3/);
  await expect(taskRow(page, plan.name).getByRole('switch')).toBeEnabled();
});

test('with a server that takes the calls and never answers, the console opens on the kept rows without waiting for any call', async ({ page, context }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  await page.goto('/monitor/3');
  await expect(taskRow(page, plan.name)).toBeVisible();
  await expectListStored(page);

  await expectServiceWorkerInControl(page);
  // Every call hangs (a half-open route, a stuck proxy): user info, inbox and list alike.
  await context.route('**/api/**', () => undefined);
  await page.reload();
  await expect(taskRow(page, plan.name)).toBeVisible();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});
