import { expect, test, type Page } from '@playwright/test';
import { localNodeId, openAndSignIn, tokenOf } from './helpers.js';
import { awaitDeploymentsSettled, localTaskMaker } from './inbox-flow.js';
import { RUN } from './monitor-flow.js';

/**
 * The inbox bell with real deployment messages: tasks on the Local node (its agent runs beside
 * the e2e server) are deployed, the bell counts them, one is marked read, one opens its task, and
 * "mark all read" empties the count; a message's link to a deploy result opens it on the list.
 */

const bellButton = (page: Page) => page.getByRole('button', { name: /^收件匣/ });
const inboxPanel = (page: Page) => page.getByRole('heading', { level: 2, name: '收件匣' }).locator('..').locator('..');
const unreadCountOf = async (page: Page) => Number(/(\d+)/.exec((await bellButton(page).getAttribute('aria-label')) ?? '')?.[1] ?? NaN);

const createLocalTask = localTaskMaker(0);

const entryOf = (page: Page, name: string) => inboxPanel(page).getByRole('listitem').filter({ hasText: `已部署：${name}` });

test('deployment messages: counted, marked read one by one and all at once, and opening one leads to its task', async ({ page }) => {
  test.setTimeout(300_000);
  await openAndSignIn(page);
  const token = (await tokenOf(page)) ?? '';
  const nodeId = await localNodeId(page.request, token);
  await awaitDeploymentsSettled(page.request, token);
  const names = [`e2e inbox A ${RUN}`, `e2e inbox B ${RUN}`, `e2e inbox C ${RUN}`];
  const ids: number[] = [];
  for (const name of names) ids.push(await createLocalTask(page.request, token, name, nodeId));

  // The agent takes the tasks at its next heartbeat (every 2 s here: E2E.agentHeartbeatSeconds); the bell reads the inbox when the page loads.
  await expect(async () => {
    await page.reload();
    await bellButton(page).click();
    for (const name of names) await expect(entryOf(page, name)).toHaveAttribute('data-read', 'false', { timeout: 2_000 });
  }).toPass({ timeout: 120_000, intervals: [3_000] });
  const before = await unreadCountOf(page);
  expect(before).toBeGreaterThanOrEqual(3);

  // One marked read: it loses its unread look and the count falls, also after a reload (the server holds it).
  await entryOf(page, names[0] ?? '').getByRole('button', { name: /^將「.*」標為已讀$/ }).click();
  await expect(entryOf(page, names[0] ?? '')).toHaveAttribute('data-read', 'true');
  await expect(bellButton(page)).toHaveAttribute('aria-label', `收件匣，${before - 1} 則未讀`);
  await page.reload();
  await expect(bellButton(page)).toHaveAttribute('aria-label', `收件匣，${before - 1} 則未讀`);

  // From the keyboard: the message is a link; Enter marks it read and opens its task's detail.
  await bellButton(page).click();
  const second = entryOf(page, names[1] ?? '').getByRole('link');
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/monitor/1/detail/${ids[1]}$`));
  await expect(page.getByRole('heading', { level: 2, name: '收件匣' })).toBeHidden();
  await expect(bellButton(page)).toHaveAttribute('aria-label', `收件匣，${before - 2} 則未讀`);

  // The same panel in the other two languages (the language is the `lang` cookie; a reload applies it).
  for (const [lang, bell, markAll] of [
    ['en', `Inbox, ${before - 2} unread`, 'Mark all read'],
    ['zh-cn', `收件箱，${before - 2} 条未读`, '全部标为已读'],
    ['zh-tw', `收件匣，${before - 2} 則未讀`, '全部標為已讀'],
  ] as const) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: page.url() }]);
    await page.reload();
    await page.getByRole('button', { name: bell }).click();
    await expect(page.getByRole('button', { name: markAll })).toBeVisible();
    await page.keyboard.press('Escape');
  }

  // Mark all read: the badge goes, and the button with it.
  await bellButton(page).click();
  await inboxPanel(page).getByRole('button', { name: '全部標為已讀' }).click();
  await expect(bellButton(page)).toHaveAttribute('aria-label', '收件匣，0 則未讀');
  await expect(entryOf(page, names[2] ?? '')).toHaveAttribute('data-read', 'true');
  await expect(inboxPanel(page).getByRole('button', { name: '全部標為已讀' })).toHaveCount(0);
  await page.reload();
  await expect(bellButton(page)).toHaveAttribute('aria-label', '收件匣，0 則未讀');
});

test("a message's link to a deploy result opens it on the task list, and closing it drops the link", async ({ page }) => {
  await openAndSignIn(page);
  const token = (await tokenOf(page)) ?? '';
  const name = `e2e inbox deploy ${RUN}`;
  const id = await createLocalTask(page.request, token, name, await localNodeId(page.request, token));
  await page.goto(`/monitor/1?q=${encodeURIComponent(name)}&deploy=${id}`);
  const dialog = page.getByRole('dialog', { name: `部署結果：${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '關閉' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/deploy=/);
});
