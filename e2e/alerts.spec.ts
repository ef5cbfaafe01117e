import { expect, test } from '@playwright/test';
import { addTaskToRule, createIcmpTask, createRule, saveAlertSettings, sendTestMessage } from './alerts-flow.js';
import { botApiMessages, botApiWriteFromChat } from './bot-api.js';
import { E2E } from './env.js';
import { openAndSignIn, ssoLink, tokenOf } from './helpers.js';
import { RUN } from './monitor-flow.js';

/**
 * The alert screens against the real server (zh-tw): a rule made through the form, a task added
 * to its query list, the rule changed, the settings saved, the log narrowed to the rule, and the
 * administrator's read-only view.
 */

const RULE = `e2e availability ${RUN}`;
const TASK = `e2e alert target ${RUN}`;

test('a rule is created, watches a task, is changed, and the settings are saved', async ({ page }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  const taskId = await createIcmpTask(page.request, (await tokenOf(page)) ?? '', TASK, '127.0.0.61');

  const ruleId = await createRule(page, { type: 1, name: RULE, mode: '可用率', threshold: '80', sensitivity: '2', cooldown: '5 分鐘' });
  await addTaskToRule(page, TASK);
  await expect(page.getByRole('heading', { name: '監控網域（1）' })).toBeVisible();

  // The shared checks answer before the server: a sensitivity out of range is marked on its field.
  const sensitivity = page.getByLabel('靈敏度', { exact: true });
  await sensitivity.fill('11');
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(sensitivity).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('可用率靈敏度須介於 1 至 10')).toBeVisible();
  await sensitivity.fill('3');
  await page.getByLabel(/^門檻/).fill('70');
  await page.getByRole('button', { name: '儲存', exact: true }).click();
  await expect(page.getByText(`已儲存 ${RULE}`)).toBeVisible();

  await page.goto('/alert/1');
  const row = page.locator(`[data-rule-id="${ruleId}"]`).filter({ visible: true });
  await expect(row).toContainText('可用率低於 70 %');
  await expect(row).toContainText('連續 3 輪');
  await expect(row).toContainText('5 分鐘');

  await row.getByRole('link', { name: `${RULE} 的告警紀錄` }).click();
  await expect(page).toHaveURL(new RegExp(`/alert/log\\?ruleId=${ruleId}$`));
  await expect(page.getByText(`規則：${RULE}`)).toBeVisible();
  await expect(page.getByText('沒有符合這些篩選條件的紀錄。')).toBeVisible();

  // The task's detail leads to the alerts about it.
  await page.goto(`/monitor/1/detail/${taskId}`);
  await page.getByRole('main').getByRole('link', { name: '告警紀錄', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/alert/log\\?taskId=${taskId}$`));

  const chatId = `9${Date.now() % 1_000_000}`;
  await saveAlertSettings(page, 'English', [{ chatId }, { chatId: '@vigil_e2e_channel', language: '简体中文' }]);
  await page.reload();
  await expect(page.getByLabel('訊息語言', { exact: true })).toHaveValue('en');
  await expect(page.getByLabel('聊天室 ID 2', { exact: true })).toHaveValue('@vigil_e2e_channel');
  await expect(page.getByLabel('聊天室 2 的語言', { exact: true })).toHaveValue('zh-cn');
  await expect(page.locator('[data-delivery="ok"]')).toHaveCount(2);

  // The e2e server sends to a local Bot-API-shaped peer: a chat that wrote to the bot is found and
  // taken into the list, and a test message reaches the chat in the chat's own language.
  await expect(page.getByRole('note').filter({ hasText: 'VIGIL_TELEGRAM_BOT_TOKEN' })).toHaveCount(0);
  const groupId = -Number(`100${Date.now() % 1_000_000}`);
  await botApiWriteFromChat({ id: groupId, type: 'group', title: `Ops ${RUN}` });
  await page.getByRole('button', { name: '查看最近的聊天室' }).click();
  await page.getByRole('button', { name: `使用聊天室 Ops ${RUN}` }).click();
  await expect(page.getByLabel('聊天室 ID 3', { exact: true })).toHaveValue(String(groupId));
  await page.getByLabel('聊天室 3 的語言', { exact: true }).selectOption({ label: '简体中文' });
  await page.getByRole('button', { name: '儲存設定' }).click();
  await expect(page.getByText('已儲存告警設定')).toBeVisible();
  await sendTestMessage(page, String(groupId));
  await expect.poll(async () => (await botApiMessages(String(groupId))).map((message) => message.text).join('\n')).toContain('测试');
  await page.reload();
  const entry = page.locator('[data-log-id]').first();
  await expect(entry).toContainText('測試訊息');
  await expect(entry.locator('li').filter({ hasText: String(groupId) }).locator('[data-delivery]')).toHaveAttribute('data-delivery', 'sent');
});

test('the administrator sees the alert screens read-only', async ({ page }) => {
  await page.goto(await ssoLink(page.request));
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('note').filter({ hasText: E2E.customerName })).toBeVisible();
  // The sign-in link may name another host for the server: stay on the origin that holds the session.
  const at = (path: string) => new URL(path, page.url()).href;
  await page.goto(at('/alert/1'));
  await expect(page.getByRole('note').filter({ hasText: '在這裡無法變更' })).toBeVisible();
  await expect(page.getByRole('link', { name: '新增告警規則' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await page.goto(at('/alert/setting'));
  await expect(page.getByLabel('訊息語言', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: '儲存設定' })).toHaveCount(0);
});

test('every alert screen fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await openAndSignIn(page);
  await page.setViewportSize({ width: 360, height: 760 });
  const ruleId = await createRule(page, { type: 4, name: `e2e narrow ${RUN}`, mode: 'SSL 到期天數' });
  for (const path of ['/alert/4', `/alert/edit/${ruleId}`, '/alert/create/4', '/alert/setting', `/alert/log?ruleId=${ruleId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `test-results/alerts-360${path.replace(/[/?=]/g, '-')}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  // The type tabs scroll sideways; the current one is brought into view.
  await page.goto('/alert/7');
  const sslTab = page.getByRole('navigation', { name: '監控類型' }).getByRole('link', { name: 'SSL', exact: true });
  await expect(sslTab).toHaveAttribute('aria-current', 'page');
  await expect(async () => {
    const box = await sslTab.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
  }).toPass();
});
