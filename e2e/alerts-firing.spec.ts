import { expect, test, type Locator, type Page } from '@playwright/test';
import { addTaskToRule, createHttpTask, createRule, forgetAlerts, saveAlertSettings, type AlertLeftovers } from './alerts-flow.js';
import { botApiMessages } from './bot-api.js';
import { openAndSignIn, tokenOf } from './helpers.js';
import { startSwitchableHttpTarget, type SwitchableHttpTarget } from './local-targets.js';
import { RUN } from './monitor-flow.js';

/**
 * Issue 11 end to end: an availability rule made through the console watches an HTTP task of the
 * Local node; its target answers 503, and the alert reaches the local Bot API in each
 * chat's language (HTML escaped), the alert log (delivered) and the inbox, whose item opens the
 * log; the target recovers and so does the alert, with the incident's duration.
 *
 * Rounds are real minutes: with only the Local node awaited, a round closes as soon as its check
 * arrives (docs/architecture.md, "Evaluation"), so sensitivity 1 fires at the first failing check.
 * The waits cover a heartbeat before the agent has the task (E2E.agentHeartbeatSeconds), the check's phase within its
 * minute, and a round missed while the tracker reloads the watched tasks (every 10 s).
 */

const RULE = `e2e HTTP down ${RUN}`;
/** Characters HTML gives meaning to: the chat must show them as text. */
const TASK = `e2e fire <shop> & "co" ${RUN}`;
const TASK_HTML = `e2e fire &lt;shop&gt; &amp; &quot;co&quot; ${RUN}`;
const ROUND_TIMEOUT = 180_000;

const serial = Date.now() % 1_000_000;
/** The chat in the message language (English) and one with a language of its own (简体中文). */
const CHAT_EN = `71${serial}`;
const CHAT_CN = `72${serial}`;

let target: SwitchableHttpTarget;
/** What the test made, taken away after it (also when it failed), so no later spec meets its alerts. */
const made = { ruleIds: [] as number[], taskIds: [] as number[], chatIds: [CHAT_EN, CHAT_CN] } satisfies AlertLeftovers;

test.beforeAll(async () => {
  target = await startSwitchableHttpTarget();
});

test.afterEach(async ({ page }) => {
  const token = await tokenOf(page).catch(() => null);
  if (token) await forgetAlerts(page.request, token, made);
});

test.afterAll(async () => {
  await target.close();
});

/** Polls the Bot API peer until a message to the chat holds the words; answers its HTML. */
async function awaitMessage(chatId: string, words: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        found = (await botApiMessages(chatId)).map((message) => message.text).find((text) => text.includes(words)) ?? '';
        return found;
      },
      { message: `a message to ${chatId} holding "${words}"`, timeout: ROUND_TIMEOUT, intervals: [1_000] },
    )
    .not.toBe('');
  return found;
}

const bellButton = (page: Page) => page.getByRole('button', { name: /^收件匣/ });
const inboxPanel = (page: Page) => page.getByRole('heading', { level: 2, name: '收件匣' }).locator('..').locator('..');
const inboxItem = (page: Page, title: string) => inboxPanel(page).getByRole('listitem').filter({ hasText: title });

/** The bell reads the inbox when the page loads: reloaded until the item is there, then opened. */
async function openInboxItem(page: Page, title: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await bellButton(page).click();
    await expect(inboxItem(page, title)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
  const link = inboxItem(page, title).getByRole('link');
  await expect(link, 'the inbox item leads somewhere').toBeVisible();
  await link.click();
}

/** The log's entry of one event (its badge: 告警, 已恢復) of this task. */
const logEntry = (page: Page, event: string) => page.locator('[data-log-id]').filter({ has: page.getByText(event, { exact: true }) });

/** Each chat's delivery of the entry, as the log shows it after the sender recorded the Bot API's answer. */
async function expectDelivered(page: Page, entry: Locator): Promise<void> {
  await expect(async () => {
    await page.reload();
    for (const chatId of [CHAT_EN, CHAT_CN]) {
      const delivery = entry.getByRole('listitem').filter({ has: page.getByText(chatId, { exact: true }) });
      await expect(delivery.locator('[data-delivery]')).toHaveAttribute('data-delivery', 'sent', { timeout: 2_000 });
    }
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
}

async function watchTask(page: Page): Promise<number> {
  await openAndSignIn(page);
  // Chats first: a message is written for the chats saved when its round closes.
  await saveAlertSettings(page, 'English', [{ chatId: CHAT_EN }, { chatId: CHAT_CN, language: '简体中文' }]);
  const taskId = await createHttpTask(page.request, (await tokenOf(page)) ?? '', TASK, target.port, '/shop');
  made.taskIds.push(taskId);
  made.ruleIds.push(await createRule(page, { type: 3, name: RULE, mode: '可用率', threshold: '90', sensitivity: '1', cooldown: '無（不重複）' }));
  await addTaskToRule(page, TASK);
  return taskId;
}

test('a failing target alerts each chat in its language, the log and the inbox; its recovery follows', async ({ page }) => {
  test.setTimeout(480_000);
  // Down before the task's first check: a check that found it up could share the first judged round
  // with a failing one (the agent checks a new task at once, then at its phase in the minute), and
  // that round would read 50%, not 0%.
  target.answerWith(503);
  const taskId = await watchTask(page);

  const fired = await awaitMessage(CHAT_EN, 'Alert:');
  expect(fired).toContain(`<b>🔴 Alert: ${RULE} on ${TASK_HTML}</b>`);
  expect(fired).toContain(`Task: ${TASK_HTML}`);
  expect(fired).toContain('Availability 0%');
  expect(fired).toContain('Where: the whole site.');
  expect(fired).not.toContain('<shop>');
  const firedCn = await awaitMessage(CHAT_CN, '告警：');
  expect(firedCn).toContain(`<b>🔴 告警：${TASK_HTML} 触发“${RULE}”</b>`);
  expect(firedCn).toContain('可用率');

  // The inbox item opens the alert log of the task, where the entry says it was delivered to both chats.
  await page.goto('/overview');
  await openInboxItem(page, `告警：${TASK}`);
  await expect(page).toHaveURL(new RegExp(`/alert/log\\?taskId=${taskId}$`));
  const fireEntry = logEntry(page, '告警');
  await expect(fireEntry).toHaveCount(1);
  await expect(fireEntry).toContainText(`告警：${TASK} 觸發「${RULE}」`);
  await expect(fireEntry).toContainText('相關節點（1）');
  await expectDelivered(page, fireEntry);

  target.answerWith(200);
  const recovered = await awaitMessage(CHAT_EN, 'Recovered:');
  expect(recovered).toContain(`<b>🟢 Recovered: ${RULE} on ${TASK_HTML}</b>`);
  expect(Number(/after (\d+) min;/.exec(recovered)?.[1])).toBeGreaterThanOrEqual(1);
  expect(await awaitMessage(CHAT_CN, '已恢复：')).toMatch(/共持续 \d+ 分钟/);
  // One message per incident: cooldown "none" repeats nothing while it lasted.
  expect((await botApiMessages(CHAT_EN)).filter((message) => message.text.includes('Alert:'))).toHaveLength(1);

  await page.goto(`/alert/log?taskId=${taskId}`);
  const recoverEntry = logEntry(page, '已恢復');
  await expect(recoverEntry).toContainText(`已恢復：${TASK}「${RULE}」`);
  await expect(recoverEntry).toContainText(/共持續 \d+ 分鐘/);
  await expectDelivered(page, recoverEntry);
  await page.goto('/overview');
  await openInboxItem(page, `已恢復：${TASK}`);
  await expect(page).toHaveURL(new RegExp(`/alert/log\\?taskId=${taskId}$`));
});
