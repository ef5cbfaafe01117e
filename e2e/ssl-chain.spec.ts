import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { openAndSignIn } from './helpers.js';
import { startLocalTargets, type LocalTargets } from './local-targets.js';

/**
 * The SSL chain checker in zh-tw against an HTTPS server this spec starts on 127.0.0.1 (a
 * self-signed certificate naming 127.0.0.1): checked from the server and from the Local node,
 * the form used by keyboard, a field error, a refused port said in words, and the 360 px layout.
 * It creates no data.
 */

let targets: LocalTargets;

test.beforeAll(async () => {
  targets = await startLocalTargets('e2e-ssl-chain.vigil.test');
});

test.afterAll(async () => {
  await targets?.close();
});

const verdict = (page: Page) => page.locator('[data-verdict]');
const chainCards = (page: Page) => page.getByRole('main').getByRole('listitem').filter({ hasText: 'SHA-256 指紋' });

/** A port nothing listens on: taken from the system, then freed. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('the SSL chain checker: verdict, chain and warnings from the server and a node, by keyboard, at 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  await openAndSignIn(page);
  await page.goto('/ssl_chain_checker');
  await expect(page.getByRole('heading', { level: 1, name: 'SSL 憑證鏈檢查' })).toBeVisible();
  const host = page.getByLabel('主機[:連接埠]');

  // An empty host is refused in the form, under its field.
  await page.getByRole('button', { name: '檢查', exact: true }).click();
  await expect(page.getByText('此欄位為必填')).toBeVisible();

  // From the server, by keyboard: type, Enter; the verdict takes the focus.
  await host.fill(`127.0.0.1:${targets.httpsPort}`);
  await host.press('Enter');
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'self_signed', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 2, name: '自簽憑證' })).toBeFocused();
  await expect(verdict(page)).toContainText('此憑證由自己簽署');
  await expect(page.getByRole('heading', { name: '伺服器出示的憑證鏈（1）' })).toBeVisible();
  await expect(chainCards(page)).toHaveCount(1);
  await expect(chainCards(page).first()).toContainText('IP Address:127.0.0.1');
  await expect(chainCards(page).first()).toContainText('sha256WithRSAEncryption');
  await expect(page.getByText('沒有警告。')).toBeVisible();

  // From the Local node: its agent's chain in the order the server sent it, judged the same way.
  await page.getByLabel('檢查來源').selectOption({ index: 1 });
  await page.getByRole('button', { name: '檢查', exact: true }).click();
  await expect(page.getByText('本機', { exact: true })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByRole('heading', { name: '伺服器出示的憑證鏈（1）' })).toBeVisible();
  await expect(verdict(page)).toHaveAttribute('data-verdict', 'self_signed');

  // A refused port is said in words, never as a bare code.
  await page.getByLabel('檢查來源').selectOption({ index: 0 });
  await host.fill(`127.0.0.1:${await closedPort()}`);
  await host.press('Enter');
  await expect(verdict(page)).toContainText('連線被拒絕：此連接埠沒有服務在接聽。', { timeout: 20_000 });
  await expect(chainCards(page)).toHaveCount(0);

  // 360 px: the form and the cards fit the width.
  await page.setViewportSize({ width: 360, height: 740 });
  await host.fill(`127.0.0.1:${targets.httpsPort}`);
  await host.press('Enter');
  await expect(chainCards(page)).toHaveCount(1, { timeout: 20_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const card = await chainCards(page).first().boundingBox();
  expect(card?.width ?? 0).toBeLessThanOrEqual(360);
  await expect(page.getByRole('button', { name: '檢查', exact: true })).toBeInViewport();
});
