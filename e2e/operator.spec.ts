import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { E2E, serverEnv } from './env.js';
import { notification, openNodesWithoutPointer, overviewRead, signIn, tokenOf } from './helpers.js';
import { platformCall } from './second-customer.js';

/**
 * The operator ends a signed-in user's session: a suspension through `npm run admin` (its own
 * process on the server's data dir), a privilege deactivation through the platform API. The
 * console's next call is refused with the catalogue's text and the console returns to /login.
 */

const run = promisify(execFile);

/** A fresh account of the first customer with a privilege of its own; a retried test makes another. */
async function newUser(prefix: string): Promise<{ account: string; password: string; privilegeId: number }> {
  const account = `${prefix}${Date.now().toString(36).slice(-7)}`;
  const password = 'e2e-operator-1';
  const created = await platformCall<{ user: { privilegeId: number } }>('/user/create', { custId: 1, account, name: 'Operator Test', password });
  expect(created.code).toBe(200);
  return { account, password, privilegeId: created.data.user.privilegeId };
}

async function signedInAs(page: import('@playwright/test').Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, account, password);
  await expect(page).toHaveURL(/\/overview$/);
  await overviewRead(page);
}

test('a user suspended with npm run admin is signed out at the next call with the suspension text', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await newUser('susp');
  await signedInAs(page, user.account, user.password);

  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'user', 'suspend', '--account', user.account, '--by', 'e2e-operator'], {
    env: { ...process.env, ...serverEnv(E2E.port, E2E.mainDataDir) },
    timeout: 90_000,
  });
  expect(stdout).toMatch(/status: suspended[\s\S]*endedSessions: 1/);

  await openNodesWithoutPointer(page);
  await expect(notification(page).first()).toHaveText('帳號已停用');
  expect(await tokenOf(page)).toBeNull();
  await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
  // Signing in again is refused with the same text until the operator resumes the account.
  await signIn(page, user.account, user.password);
  await expect(notification(page).filter({ hasText: '帳號已停用' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("a deactivated privilege signs its users out at the next call with the deactivation text", async ({ page }) => {
  const user = await newUser('priv');
  await signedInAs(page, user.account, user.password);
  expect((await platformCall('/privilege/deactivate', { privilegeId: user.privilegeId })).code).toBe(200);

  await openNodesWithoutPointer(page);
  await expect(notification(page).first()).toHaveText('權限 ID 不存在或已停用');
  await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
});
