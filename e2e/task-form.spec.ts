import { expect, test, type Page } from '@playwright/test';
import { openAndSignIn, signIn } from './helpers.js';
import { awaitLocalNode, RUN } from './monitor-flow.js';
import { ensureSecondCustomer } from './second-customer.js';

/**
 * What a first-time user met in the task form (issue 10): nodes without an agent, the first-task
 * empty state, Enter in the chip fields. zh-tw, the default language.
 */

const nodeItem = (page: Page, name: RegExp) => page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name }) });
const LOCAL = /^本機/;
// A catalogue node no agent runs on in the e2e servers.
const BEIJING_TELECOM = /^北京 電信/;
const ERROR_SUMMARY = /個欄位需要修正/;

test('the node picker lists nodes with an agent, hides those without one behind a switch, and says what choosing one means', async ({ page }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  await page.goto('/monitor/create/3');
  await awaitLocalNode(page);
  await expect(nodeItem(page, LOCAL).locator('[data-status]')).toHaveAttribute('data-status', 'usable');
  await expect(nodeItem(page, LOCAL).locator('[data-status]')).toHaveText('可用');
  await expect(page.getByRole('checkbox', { name: BEIJING_TELECOM })).toHaveCount(0);

  const agentless = page.getByRole('switch', { name: /^顯示沒有代理程式的節點（[\d,]+）$/ });
  await expect(agentless).not.toBeChecked();
  await agentless.check();
  const beijing = page.getByRole('checkbox', { name: BEIJING_TELECOM });
  await expect(beijing).toBeVisible();
  await expect(nodeItem(page, BEIJING_TELECOM)).toContainText('尚無代理程式：此節點不會回報資料');
  await expect(nodeItem(page, BEIJING_TELECOM).locator('[data-status]')).toHaveText('無');

  await beijing.check();
  const note = page.getByRole('note').filter({ hasText: '已選但沒有代理程式的節點：1 個' });
  await expect(note).toContainText('錯誤節點');
  await expect(note).toContainText('計算點數');
  // Chosen, it stays in sight with the switch off, so it can be taken off again.
  await agentless.uncheck();
  await expect(beijing).toBeChecked();
  await beijing.uncheck();
  await expect(note).toHaveCount(0);
});

test('Enter in the tag and DNS server inputs adds a chip: no submit, no error banner', async ({ page }) => {
  await openAndSignIn(page);
  await page.goto('/monitor/create/3');
  const tags = page.getByLabel('標籤', { exact: true });
  await tags.fill('web');
  await tags.press('Enter');
  await tags.fill('shop');
  await tags.press('Enter');
  const chips = page.getByRole('list', { name: '已加入的標籤' });
  await expect(chips.getByRole('listitem')).toHaveText([/^web/, /^shop/]);
  await expect(chips.getByRole('button', { name: '移除標籤 shop' })).toBeVisible();
  await expect(tags).toHaveValue('');
  await expect(tags).toBeFocused();
  await expect(page).toHaveURL(/\/monitor\/create\/3$/);
  await expect(page.getByText(ERROR_SUMMARY)).toHaveCount(0);
  await expect(page.getByLabel('任務名稱', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');

  await page.goto('/monitor/create/5');
  const servers = page.getByLabel('DNS 伺服器', { exact: true });
  await servers.fill('192.0.2.53');
  await servers.press('Enter');
  await expect(page.getByRole('list', { name: '已加入的DNS 伺服器' })).toContainText('192.0.2.53');
  await expect(page.getByText(ERROR_SUMMARY)).toHaveCount(0);
  // A refused entry marks its own field, and the banner counts exactly that one.
  await servers.fill('not a server');
  await servers.press('Enter');
  await expect(servers).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(ERROR_SUMMARY)).toHaveText(/有 1 個欄位需要修正/);
  await servers.fill('192.0.2.54');
  await expect(page.getByText(ERROR_SUMMARY)).toHaveCount(0);
});

test("a new customer's overview offers the seven types for the first task", async ({ page }) => {
  const other = await ensureSecondCustomer();
  await page.goto('/login');
  await signIn(page, other.account, other.password);
  await expect(page).toHaveURL(/\/overview$/);
  const first = page.getByRole('region', { name: '建立第一個任務' });
  const links = first.getByRole('link');
  await expect(links).toHaveCount(7);
  await expect(links.first()).toContainText('新增 ICMP 任務');
  await first.getByRole('link', { name: /^新增路由追蹤任務/ }).click();
  await expect(page).toHaveURL(/\/monitor\/createtrace$/);
  await page.goBack();
  await first.getByRole('link', { name: /^新增 SSL 憑證任務/ }).click();
  await expect(page).toHaveURL(/\/monitor\/create\/7$/);
  await expect(page.getByRole('heading', { name: /SSL/ })).toBeVisible();
});

test('a changed form asks before it is left: a link and the back button wait for the answer', async ({ page }) => {
  await openAndSignIn(page);
  await page.goto('/monitor/1');
  await page.getByRole('link', { name: '建立任務' }).first().click();
  await expect(page).toHaveURL(/\/monitor\/create/);
  const formUrl = page.url();
  const name = page.getByLabel('任務名稱', { exact: true });
  await name.fill(`leave ${RUN}`);
  const question = page.getByRole('dialog', { name: '不儲存就離開？' });

  // A link waits; staying keeps the form and what was typed.
  await page.getByRole('link', { name: '總覽' }).first().click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: '留下繼續編輯' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(formUrl);
  await expect(name).toHaveValue(`leave ${RUN}`);

  // Back is undone at once and done again once the user chooses to leave.
  await page.goBack();
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(formUrl);
  await question.getByRole('button', { name: '離開並捨棄' }).click();
  await expect(page).toHaveURL(/\/monitor\/1$/);
  await expect(question).toBeHidden();
});
