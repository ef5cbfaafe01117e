// npx tsx scripts/pwa-screenshots.ts: the web manifest's screenshots (public/screenshots), taken of
// the real console. Like `npm run test:e2e` it builds the console when stale, starts `npm start`'s
// server and Local agent on a fresh data directory and a free port, and starts real targets on
// 127.0.0.1 (e2e/local-targets.ts); tasks are created through the console's forms and the agent
// checks them. One target is a closed port, so the screens show a failing task as it really fails.
// Nothing is invented: every figure is what the agent measured. Takes a few minutes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Page } from '@playwright/test';
import { startLocalTargets, type LocalTargets } from '../e2e/local-targets.js';
import { createTask, expectFigures, taskPlans, type TaskPlan } from '../e2e/monitor-flow.js';
import { SCREENSHOTS } from '../src/client/app/pwa/web-manifest.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CHROMIUM_PATH = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';
const ACCOUNT = { account: 'demo01', password: 'screenshot-pass-1' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await fetch(`${url}/api/health`).then((answer) => answer.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

/** `npm start` (console build when stale, server, Local agent allowed to probe 127.0.0.1). */
function startConsole(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      VIGIL_PORT: String(port),
      VIGIL_HOST: '127.0.0.1',
      VIGIL_DATA_DIR: dataDir,
      VIGIL_LOG_LEVEL: 'warn',
      VIGIL_SEED_ACCOUNT: ACCOUNT.account,
      VIGIL_SEED_PASSWORD: ACCOUNT.password,
      VIGIL_LOCAL_AGENT_ALLOW_PRIVATE: '1',
    },
  });
}

function httpPlan(name: string, port: number, path: string): TaskPlan {
  return {
    type: 3,
    name,
    fill: async (page) => {
      await page.getByLabel('網域或 IP', { exact: true }).fill('127.0.0.1');
      await page.getByLabel('連接埠', { exact: true }).fill(String(port));
      await page.getByLabel('路徑', { exact: true }).fill(path);
    },
  };
}

/** Tasks of several types against the local targets; "closed" is a port nothing listens on. */
function plans(targets: LocalTargets, closedPort: number): TaskPlan[] {
  const local = taskPlans(targets);
  return [
    httpPlan('官網首頁', targets.httpPort, '/'),
    httpPlan('會員登入頁', targets.httpPort, '/login'),
    httpPlan('商品 API', targets.httpPort, '/api/products'),
    httpPlan('舊版後台', closedPort, '/admin'),
    { ...local.https, name: '官網 HTTPS' },
    { ...local.tcp, name: '資料庫連接埠' },
    { ...local.icmp, name: '閘道器 Ping' },
    { ...local.dns, name: '內部 DNS' },
  ];
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('帳號').fill(ACCOUNT.account);
  await page.getByLabel('密碼').fill(ACCOUNT.password);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/overview$/, { timeout: 30_000 });
}

async function shoot(url: string, targets: LocalTargets, closedPort: number): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const wide = await browser.newContext({ baseURL: url, locale: 'zh-TW', viewport: { width: SCREENSHOTS.wide.width, height: SCREENSHOTS.wide.height } });
    const page = await wide.newPage();
    await signIn(page);
    const tasks = plans(targets, closedPort);
    for (const plan of tasks) await createTask(page, plan);
    for (const plan of tasks.filter((task) => task.type === 3 && !task.name.includes('舊版'))) await expectFigures(page, 3, plan.name, 240_000);
    // A minute more, so every type has results and the failing task its failures.
    await page.waitForTimeout(70_000);
    mkdirSync(join(ROOT, 'public/screenshots'), { recursive: true });
    await page.goto('/monitor/3');
    await page.getByRole('row').nth(4).waitFor();
    await page.screenshot({ path: join(ROOT, 'public', SCREENSHOTS.wide.src) });

    const narrow = await browser.newContext({ baseURL: url, locale: 'zh-TW', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const phone = await narrow.newPage();
    await signIn(phone);
    await phone.waitForLoadState('networkidle');
    await phone.screenshot({ path: join(ROOT, 'public', SCREENSHOTS.narrow.src) });
  } finally {
    await browser.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'vigil-screenshots-'));
const targets = await startLocalTargets('shop.vigil.test');
const [port, closedPort] = [await freePort(), await freePort()];
const url = `http://127.0.0.1:${port}`;
const server = startConsole(port, dataDir);
try {
  await waitForHealth(url, server);
  await shoot(url, targets, closedPort);
  console.log(`public${SCREENSHOTS.wide.src}, public${SCREENSHOTS.narrow.src}`);
} finally {
  server.kill('SIGTERM');
  await targets.close();
  rmSync(dataDir, { recursive: true, force: true });
}
