import { expect, type Locator, type Page } from '@playwright/test';
import type { LocalTargets } from './local-targets.js';
import { RUN, taskRow, type TaskPlan } from './monitor-flow.js';

/**
 * The traceroute (6) and SSL (7) part of the monitor flow (zh-tw): their plans for createTask,
 * the route snapshots of a traceroute task's history and the SSL list's certificate columns.
 */

async function fillSslTarget(page: Page, port: number): Promise<void> {
  await page.getByLabel('網域或 IP', { exact: true }).fill('127.0.0.1');
  const portField = page.getByLabel('連接埠', { exact: true });
  await expect(portField).toHaveValue('443');
  await portField.fill(String(port));
}

/**
 * A traceroute task to 127.0.0.1, an SSL task on the local HTTPS server's port, and one on the
 * plain HTTP server's port, where no certificate can be read (the check fails).
 */
export function traceAndSslPlans(targets: LocalTargets): Record<'trace' | 'ssl' | 'sslFailing', TaskPlan> {
  return {
    trace: {
      type: 6,
      name: `e2e Trace ${RUN}`,
      fill: (page) => page.getByLabel('網域或 IP', { exact: true }).fill('127.0.0.1'),
    },
    ssl: { type: 7, name: `e2e SSL ${RUN}`, fill: (page) => fillSslTarget(page, targets.httpsPort) },
    sslFailing: { type: 7, name: `e2e SSL no TLS ${RUN}`, fill: (page) => fillSslTarget(page, targets.httpPort) },
  };
}

/** The task's id, read from its row on the type's list. */
export async function taskIdOn(page: Page, plan: TaskPlan): Promise<number> {
  await page.goto(`/monitor/${plan.type}`);
  return Number(await taskRow(page, plan.name).getAttribute('data-task-id'));
}

/** The route snapshots of a tracedetail page, newest first; each names its time, node, outcome and hop count. */
export function snapshotItems(page: Page): Locator {
  return page.getByRole('list', { name: '路由快照' }).getByRole('listitem');
}

/**
 * Reloads the tracedetail page (its history does not refresh by itself) until it lists at least
 * `count` snapshots: the agent takes a new task at its next heartbeat (every 2 s here: E2E.agentHeartbeatSeconds) and then traces
 * once a minute.
 */
export async function awaitSnapshots(page: Page, path: string, count: number, timeout: number): Promise<void> {
  await page.goto(path);
  await expect(async () => {
    await page.reload();
    await expect(snapshotItems(page).nth(count - 1)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout, intervals: [5_000] });
}

/** A hop table's row for one TTL: the TTL is the row header, then address, RTT and loss. */
export function hopRow(table: Locator, ttl: number): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: String(ttl), exact: true }) });
}

/** The SSL list's certificate cells of a task's row: after the checkbox and the name come target, expiry, days left, SSL status, last check. */
export function sslCellsOf(row: Locator): { target: Locator; expiry: Locator; daysLeft: Locator; sslStatus: Locator; lastCheck: Locator } {
  const cell = (index: number) => row.getByRole('cell').nth(index);
  return { target: cell(1), expiry: cell(2), daysLeft: cell(3), sslStatus: cell(4), lastCheck: cell(5) };
}

/** A date as the console writes it, in the browser's (this machine's) time zone: YYYY-MM-DD HH:MM:SS. */
export function consoleDateTime(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${day} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** Reloads the SSL list (it does not refresh by itself) until the task's row shows its first check. */
export async function awaitFirstSslCheck(page: Page, name: string, timeout: number): Promise<void> {
  await page.goto('/monitor/7');
  await expect(async () => {
    await page.reload();
    await expect(sslCellsOf(taskRow(page, name)).lastCheck).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { timeout: 3_000 });
  }).toPass({ timeout, intervals: [5_000] });
}
