import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, localNodeId } from './helpers.js';

/**
 * What the alert flow does through the console (zh-tw): create a rule, add tasks to its query
 * list, change it, save the alert settings. The end-to-end with a failing target, the Bot API peer
 * and recovery builds on these.
 */

export interface RulePlan {
  type: 1 | 2 | 3 | 4 | 5 | 7;
  name: string;
  /** The monitor mode's label in the form (延遲, 可用率, SSL 到期天數, IP 不符). */
  mode?: string;
  /** Availability in percent, latency in ms. */
  threshold?: string;
  sensitivity?: string;
  /** The cooldown's label (無（不重複）, 5 分鐘, 10 分鐘, 30 分鐘). */
  cooldown?: string;
}

/** An ICMP task on the Local node, made through the API: the alert flow is about rules, not task forms. */
export async function createIcmpTask(request: APIRequestContext, token: string, name: string, domain: string): Promise<number> {
  const nodeId = await localNodeId(request, token);
  const task = await apiCall<{ id: number }>(request, token, '/domain/icmp/create', { name, domain, frequencyMinutes: 1, nodeIds: [nodeId] });
  return task.id;
}

/** An HTTP task on the Local node checking http://127.0.0.1:<port><path> every minute. */
export async function createHttpTask(request: APIRequestContext, token: string, name: string, port: number, path: string): Promise<number> {
  const nodeId = await localNodeId(request, token);
  const body = { name, domain: '127.0.0.1', port, otherPath: path, frequencyMinutes: 1, nodeIds: [nodeId] };
  const task = await apiCall<{ id: number }>(request, token, '/domain/http/create', body);
  return task.id;
}

/** From the type's rule list, through its create button: filled, saved, on the new rule's edit screen. Answers its id. */
export async function createRule(page: Page, plan: RulePlan): Promise<number> {
  await page.goto(`/alert/${plan.type}`);
  await page.getByRole('link', { name: '新增告警規則' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/alert/create/${plan.type}$`));
  await page.getByLabel('名稱', { exact: true }).fill(plan.name);
  if (plan.mode) await page.getByLabel('監控模式', { exact: true }).selectOption({ label: plan.mode });
  if (plan.threshold !== undefined) await page.getByLabel(/^門檻/).fill(plan.threshold);
  if (plan.sensitivity !== undefined) await page.getByLabel('靈敏度', { exact: true }).fill(plan.sensitivity);
  if (plan.cooldown) await page.getByLabel('冷卻時間', { exact: true }).selectOption({ label: plan.cooldown });
  await page.getByRole('button', { name: '建立規則' }).click();
  await expect(page).toHaveURL(/\/alert\/edit\/\d+$/);
  await expect(page.getByText('規則已建立。請在下方加入它要監看的任務。')).toBeVisible();
  return Number(/\/alert\/edit\/(\d+)$/.exec(page.url())?.[1]);
}

/** On a rule's edit screen: finds the task by name among the protocol's tasks and adds it. */
export async function addTaskToRule(page: Page, taskName: string): Promise<void> {
  await page.getByRole('searchbox').fill(taskName);
  await page.getByRole('search').getByRole('button', { name: '搜尋' }).click();
  await page.getByRole('button', { name: `加入 ${taskName}`, exact: true }).click();
  await expect(page.getByRole('button', { name: `移除 ${taskName}`, exact: true })).toBeVisible();
}

export interface ChatPlan {
  chatId: string;
  /** The chat's own language (its endonym: English, 简体中文, 繁體中文); none: the message language. */
  language?: string;
}

/** /alert/setting: the message language and the chats, saved. */
export async function saveAlertSettings(page: Page, language: string, chats: readonly ChatPlan[]): Promise<void> {
  await page.goto('/alert/setting');
  await page.getByLabel('訊息語言', { exact: true }).selectOption({ label: language });
  const existing = await page.getByLabel(/^聊天室 ID \d+$/).count();
  for (const [index, chat] of chats.entries()) {
    const number = existing + index + 1;
    await page.getByRole('button', { name: '加入聊天室' }).click();
    await page.getByLabel(`聊天室 ID ${number}`, { exact: true }).fill(chat.chatId);
    if (chat.language) await page.getByLabel(`聊天室 ${number} 的語言`, { exact: true }).selectOption({ label: chat.language });
  }
  await page.getByRole('button', { name: '儲存設定' }).click();
  await expect(page.getByText('已儲存告警設定')).toBeVisible();
}

/** On /alert/setting: a test message to a saved chat, queued; its note leads to the log. */
export async function sendTestMessage(page: Page, chatId: string): Promise<void> {
  await page.getByRole('button', { name: `傳送測試訊息到 ${chatId}`, exact: true }).click();
  await expect(page.getByText(`已排入送往 ${chatId} 的測試訊息`)).toBeVisible();
  await page.getByRole('status').filter({ hasText: '已排入佇列' }).getByRole('link', { name: '告警紀錄' }).click();
  await expect(page).toHaveURL(/\/alert\/log$/);
}

export interface AlertLeftovers {
  ruleIds: readonly number[];
  taskIds: readonly number[];
  chatIds: readonly string[];
}

interface SavedSettings {
  language: string;
  chats: { chatId: string; language: string | null }[];
}

/**
 * Through the API, after a test that fires alerts: its rules and tasks deleted (their incidents end
 * quietly, so no later round alerts during another spec) and its chats taken out of the settings.
 */
export async function forgetAlerts(request: APIRequestContext, token: string, leftovers: AlertLeftovers): Promise<void> {
  if (leftovers.ruleIds.length > 0) await apiCall(request, token, '/alert/rule/delete', { ids: leftovers.ruleIds });
  if (leftovers.taskIds.length > 0) await apiCall(request, token, '/domain/delete', { ids: leftovers.taskIds });
  const settings = await apiCall<SavedSettings>(request, token, '/alert/setting/info');
  const chats = settings.chats.filter((chat) => !leftovers.chatIds.includes(chat.chatId)).map(({ chatId, language }) => ({ chatId, language }));
  await apiCall(request, token, '/alert/setting/save', { language: settings.language, chats });
}
