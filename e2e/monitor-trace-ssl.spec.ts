import { expect, test, type Locator, type Page } from '@playwright/test';
import { openAndSignIn, signIn } from './helpers.js';
import { startLocalTargets, type LocalTargets } from './local-targets.js';
import { createTask, taskRow } from './monitor-flow.js';
import { ensureSecondCustomer } from './second-customer.js';
import { awaitFirstSslCheck, awaitSnapshots, consoleDateTime, hopRow, snapshotItems, sslCellsOf, taskIdOn, traceAndSslPlans } from './trace-ssl-flow.js';

/**
 * The traceroute and SSL part of issue 4's monitor flow through the console: the Local node's
 * agent (run by `npm start`, allowed loopback targets) traces the route to 127.0.0.1 and checks the
 * certificate of an HTTPS server this spec starts. The tests build on each other.
 */
test.describe.configure({ mode: 'serial' });

let targets: LocalTargets;
let plans: ReturnType<typeof traceAndSslPlans>;
let traceId = 0;

/** The self-signed certificate is valid for 30 days from now: whole days left are 29 or 30 depending on rounding. */
const ABOUT_THIRTY_DAYS = /^(29|30)$/;

test.beforeAll(async () => {
  targets = await startLocalTargets('e2e-trace-ssl.vigil.test');
  plans = traceAndSslPlans(targets);
});

test.afterAll(async () => {
  await targets?.close();
});

const tracePath = () => `/monitor/6/tracedetail/${traceId}`;

test('a traceroute task (createtrace) and two SSL tasks are created on the Local node every minute', async ({ page }) => {
  test.setTimeout(180_000);
  await openAndSignIn(page);
  await createTask(page, plans.trace);
  await createTask(page, plans.ssl);
  await createTask(page, plans.sslFailing);
  traceId = await taskIdOn(page, plans.trace);
  expect(traceId).toBeGreaterThan(0);
  await taskRow(page, plans.trace.name).getByRole('link', { name: plans.trace.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${tracePath()}$`));
});

test("the traceroute history shows the agent's snapshot: 127.0.0.1 reached, with its hop table", async ({ page }) => {
  test.setTimeout(150_000);
  await openAndSignIn(page);
  await awaitSnapshots(page, tracePath(), 1, 120_000);
  await expect(page.getByRole('heading', { name: plans.trace.name })).toBeVisible();
  const newest = snapshotItems(page).first();
  await expect(newest).toContainText('本機');
  await expect(newest).toContainText('已到達目標');
  await expect(newest).toContainText(/躍點：[1-9]\d*/);

  const hops = page.getByRole('region', { name: '路由快照' }).getByRole('table', { name: /的躍點$/ });
  await expect(hops.getByRole('columnheader')).toHaveText(['TTL', '位址', '往返時間', '遺失率']);
  const last = hops.getByRole('row').last();
  await expect(last).toContainText('127.0.0.1');
  await expect(last.getByRole('cell').nth(1)).toHaveText(/[\d.]+\s?ms/);
  await expect(hopRow(hops, 1)).toBeVisible();
});

test('the SSL list shows the certificate after the first check: expiry, about 30 days left, not expired', async ({ page }) => {
  test.setTimeout(150_000);
  await openAndSignIn(page);
  await awaitFirstSslCheck(page, plans.ssl.name, 120_000);
  const cells = sslCellsOf(taskRow(page, plans.ssl.name));
  await expect(cells.target).toHaveText(`127.0.0.1:${targets.httpsPort}`);
  await expect(cells.expiry).toHaveText(consoleDateTime(targets.httpsValidTo));
  await expect(cells.daysLeft).toHaveText(ABOUT_THIRTY_DAYS);
  await expect(cells.sslStatus).toHaveText('未過期');
});

test('an SSL task whose check reads no certificate says "check failed" in red with its last check; the filter and the overview find it', async ({ page }) => {
  test.setTimeout(150_000);
  await openAndSignIn(page);
  await awaitFirstSslCheck(page, plans.sslFailing.name, 120_000);
  const cells = sslCellsOf(taskRow(page, plans.sslFailing.name));
  await expect(cells.sslStatus).toHaveText('檢查失敗');
  await expect(cells.sslStatus.locator('[data-ssl-status="failed"]')).toHaveClass(/bg-red-50/);
  await expect(cells.lastCheck).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(cells.expiry).toHaveText('—');

  const filter = page.getByLabel('SSL 狀態', { exact: true });
  await filter.selectOption({ label: '檢查失敗' });
  await expect(page).toHaveURL(/[?&]ssl=4(&|$)/);
  await expect(taskRow(page, plans.sslFailing.name)).toBeVisible();
  await expect(taskRow(page, plans.ssl.name)).toHaveCount(0);
  await filter.selectOption({ label: '未過期' });
  await expect(taskRow(page, plans.ssl.name)).toBeVisible();
  await expect(taskRow(page, plans.sslFailing.name)).toHaveCount(0);

  // The overview counts it in the SSL card's "expired or check failed" slot, which opens exactly those tasks.
  await page.goto('/overview');
  await page.locator('[data-type-card="7"] a[data-band="3"]').click();
  await expect(page).toHaveURL(/\/monitor\/7\?status=1&ssl=6$/);
  await expect(taskRow(page, plans.sslFailing.name)).toBeVisible();
  await expect(taskRow(page, plans.ssl.name)).toHaveCount(0);
  await expect(page.getByLabel('SSL 狀態', { exact: true })).toHaveValue('6');
});

test("the failing SSL task's detail says why in words, the technical code only in small type after them", async ({ page }) => {
  await openAndSignIn(page);
  await page.goto(`/monitor/7/detail/${await taskIdOn(page, plans.sslFailing)}`);
  // A plain HTTP server answers the TLS handshake: "TLS handshake failed", never the bare code.
  const latest = page.getByRole('list', { name: '各節點最新檢測' }).getByRole('listitem').first();
  const reason = latest.locator('dl > div').filter({ has: page.getByText('失敗原因', { exact: true }) }).locator('dd');
  await expect(reason).toContainText('TLS 交握失敗');
  await expect(reason.locator('code')).toHaveText(/^[A-Z][A-Z0-9_]+$|^tls_error$/);
  await expect(reason).not.toContainText('tls_error TLS');
  const logs = page.getByRole('table', { name: '失敗記錄' });
  await expect(logs.getByRole('row').nth(1)).toContainText('TLS 交握失敗');
});

/** A field of the check's answer: its label (dt) and value (dd). */
function answerField(dialog: Locator, label: string): Locator {
  return dialog.locator('dl > div').filter({ has: dialog.page().locator('dt').getByText(label, { exact: true }) }).locator('dd');
}

test('"check now" asks the agent and shows the certificate it found: issuer, subject, expiry', async ({ page }) => {
  test.setTimeout(90_000);
  await openAndSignIn(page);
  await page.goto('/monitor/7');
  await taskRow(page, plans.ssl.name).getByRole('button', { name: `立即檢查 ${plans.ssl.name} 的憑證` }).click();
  const dialog = page.locator('[data-certcheck-dialog]');
  await expect(dialog.getByRole('heading', { name: `憑證檢查：${plans.ssl.name}` })).toBeVisible();
  // The agent takes the check at its next poll and answers within 30 s (CERTCHECK_WAIT_MS).
  await expect(answerField(dialog, '簽發者')).toContainText('127.0.0.1', { timeout: 45_000 });
  await expect(answerField(dialog, '主體')).toContainText('127.0.0.1');
  await expect(answerField(dialog, '到期日')).toHaveText(consoleDateTime(targets.httpsValidTo));
  await expect(answerField(dialog, '剩餘天數')).toHaveText(ABOUT_THIRTY_DAYS);
  await expect(answerField(dialog, 'SSL 狀態')).toHaveText('未過期');
  await expect(answerField(dialog, '網域與連接埠')).toHaveText(`127.0.0.1:${targets.httpsPort}`);
  // Self-signed: the chain is not trusted, and the dialog says why in words, the verifier's code in small type after them.
  await expect(answerField(dialog, '憑證鏈受信任')).toHaveText('自我簽署的憑證 DEPTH_ZERO_SELF_SIGNED_CERT');
  await expect(answerField(dialog, '憑證鏈受信任').locator('code')).toHaveText('DEPTH_ZERO_SELF_SIGNED_CERT');
  await dialog.getByRole('button', { name: '關閉' }).click();
  await expect(dialog).toHaveCount(0);
});

async function signInAsSecondCustomer(page: Page): Promise<void> {
  const other = await ensureSecondCustomer();
  await page.goto('/login');
  await signIn(page, other.account, other.password);
  await expect(page).toHaveURL(/\/overview$/);
}

test("another customer's user gets the not-found state at the first customer's tracedetail URL", async ({ page }) => {
  await signInAsSecondCustomer(page);
  await page.goto(tracePath());
  const main = page.getByRole('main');
  await expect(main.getByText('找不到此任務', { exact: true })).toBeVisible();
  await expect(main.getByText('任務不存在、已刪除，或不屬於您的帳戶。')).toBeVisible();
  await expect(page.getByText(plans.trace.name)).toHaveCount(0);
  await expect(page.getByRole('list', { name: '路由快照' })).toHaveCount(0);
});

test('two route snapshots are compared hop by hop (when a second one arrives in time)', async ({ page }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  // The task traces every minute, so a second snapshot is due about a minute after the first.
  const secondArrived = await awaitSnapshots(page, tracePath(), 2, 90_000).then(
    () => true,
    () => false,
  );
  test.skip(!secondArrived, 'no second route snapshot within 90 s: only the single snapshot was checked');
  const items = snapshotItems(page);
  for (const item of [items.nth(0), items.nth(1)]) await item.getByRole('checkbox', { name: /^比較 .+ 的快照$/ }).check();

  const comparison = page.getByRole('region', { name: '快照比較' });
  await expect(comparison).toContainText('較早的快照');
  await expect(comparison).toContainText('較新的快照');
  const table = comparison.getByRole('table', { name: '快照比較' });
  const last = table.getByRole('row').last();
  // Both runs reached 127.0.0.1 at their last hop on loopback: that hop is the same in both.
  await expect(last.getByRole('cell').nth(0)).toHaveText('127.0.0.1');
  await expect(last.getByRole('cell').nth(2)).toHaveText('127.0.0.1');
  await expect(last).toContainText('相同');
});
