import { expect, type Locator, type Page } from '@playwright/test';
import type { LocalTargets } from './local-targets.js';

/**
 * What the monitor flow does through the console (zh-tw): fill a task form, find a task's row on
 * its list, wait for its figures. Each task type the flow covers is one entry of TASK_PLANS, so
 * traceroute (6) and SSL (7) join by adding theirs.
 */

export type FlowTaskType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const TRACEROUTE = 6;

export interface TaskPlan {
  type: FlowTaskType;
  name: string;
  /** The form's fields for this type, filled after the name. */
  fill: (page: Page) => Promise<void>;
}

/** The Local node's checkbox in the node picker: its label starts with the node's name. */
const LOCAL_NODE = /^本機/;

/** Traceroute tasks have their own form (createtrace); every other type is at create/{type}. */
function createPathPattern(type: FlowTaskType): RegExp {
  return type === TRACEROUTE ? /\/monitor\/createtrace$/ : new RegExp(`/monitor/create/${type}$`);
}

/**
 * The picker lists nodes without an agent only on request, and traceroute offers only nodes whose
 * agent reported the tool; right after the server starts the Local agent may not have registered
 * yet, so the form is reloaded until its checkbox is there and open.
 */
export async function awaitLocalNode(page: Page): Promise<void> {
  const local = page.getByRole('checkbox', { name: LOCAL_NODE });
  if (await local.isEnabled({ timeout: 5_000 }).catch(() => false)) return;
  await expect(async () => {
    await page.reload();
    await expect(local).toBeEnabled({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** A run's own suffix, so a retried test never meets its earlier tasks as duplicates (2125). */
export const RUN = Date.now().toString(36).slice(-5);

async function fillTarget(page: Page, domain: string, port?: number, path?: string): Promise<void> {
  await page.getByLabel('網域或 IP', { exact: true }).fill(domain);
  if (port !== undefined) await page.getByLabel('連接埠', { exact: true }).fill(String(port));
  if (path !== undefined) await page.getByLabel('路徑', { exact: true }).fill(path);
}

async function fillDns(page: Page, targets: LocalTargets): Promise<void> {
  await page.getByLabel('網域名稱', { exact: true }).fill(targets.dnsName);
  await page.getByLabel('記錄類型', { exact: true }).selectOption('A');
  const servers = page.getByLabel('DNS 伺服器', { exact: true });
  await servers.fill(`127.0.0.1:${targets.dnsPort}`);
  await servers.press('Enter');
  await expect(page.getByRole('list', { name: '已加入的DNS 伺服器' })).toContainText(`127.0.0.1:${targets.dnsPort}`);
}

/** One task of each type 1-5 against the loopback targets, plus a second HTTP task (bulk delete takes two of one list). */
export function taskPlans(targets: LocalTargets): Record<'icmp' | 'tcp' | 'http' | 'httpSecond' | 'https' | 'dns', TaskPlan> {
  return {
    icmp: { type: 1, name: `e2e ICMP ${RUN}`, fill: (page) => fillTarget(page, '127.0.0.1') },
    tcp: { type: 2, name: `e2e TCP ${RUN}`, fill: (page) => fillTarget(page, '127.0.0.1', targets.tcpPort) },
    http: { type: 3, name: `e2e HTTP ${RUN}`, fill: (page) => fillTarget(page, '127.0.0.1', targets.httpPort, '/health') },
    httpSecond: { type: 3, name: `e2e HTTP second ${RUN}`, fill: (page) => fillTarget(page, '127.0.0.1', targets.httpPort, '/second') },
    https: { type: 4, name: `e2e HTTPS ${RUN}`, fill: (page) => fillTarget(page, '127.0.0.1', targets.httpsPort) },
    dns: { type: 5, name: `e2e DNS ${RUN}`, fill: (page) => fillDns(page, targets) },
  };
}

/** From the type's list, through its create button: the form filled, the cost read, saved, back on the list. */
export async function createTask(page: Page, plan: TaskPlan): Promise<void> {
  await page.goto(`/monitor/${plan.type}`);
  await page.getByRole('link', { name: '建立任務' }).first().click();
  await expect(page).toHaveURL(createPathPattern(plan.type));
  await awaitLocalNode(page);
  await page.getByLabel('任務名稱', { exact: true }).fill(plan.name);
  await plan.fill(page);
  await page.getByLabel('檢查頻率', { exact: true }).selectOption('1');
  await page.getByRole('checkbox', { name: LOCAL_NODE }).check();
  // One node checked every minute: 60 points (docs/architecture.md, contract points), shown before saving.
  await expect(page.getByText('此任務需要 60 點')).toBeVisible();
  await page.getByRole('button', { name: '建立任務' }).click();
  await expect(page).toHaveURL(new RegExp(`/monitor/${plan.type}(\\?.*)?$`), { timeout: 20_000 });
  await expect(taskRow(page, plan.name)).toBeVisible();
}

/** A task's row on a wide list: the row is named by the task. */
export function taskRow(page: Page, name: string): Locator {
  return page.getByRole('row', { name, exact: true });
}

/** The row's availability and response time cells: the name is a row header, so cells go checkbox, target, frequency, status, availability, response. */
export function figuresOf(row: Locator): { availability: Locator; response: Locator } {
  return { availability: row.getByRole('cell').nth(4), response: row.getByRole('cell').nth(5) };
}

const PERCENT = /^\d+(\.\d+)?\s?%$/;
const MILLISECONDS = /^[\d,.]+\s?ms$/;

/**
 * Opens the type's list with auto-refresh on and waits until the task shows real figures: the
 * agent gets a new task at its next heartbeat (every 2 s here: E2E.agentHeartbeatSeconds) and runs it at once, so the first
 * result may take most of a minute on a busy machine.
 */
export async function expectFigures(page: Page, type: FlowTaskType, name: string, timeout = 150_000): Promise<void> {
  await page.goto(`/monitor/${type}?refresh=10`);
  const { availability, response } = figuresOf(taskRow(page, name));
  await expect(availability).toHaveText(PERCENT, { timeout });
  await expect(response).toHaveText(MILLISECONDS);
}
