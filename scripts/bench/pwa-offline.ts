// The installable console's offline cold start: the production build (rebuilt when stale, as
// `npm start` does) served by the real server on a free port over a temp data dir holding 120 HTTP
// tasks with half an hour of results. Chromium signs in, lets the service worker take control and
// opens the HTTP task list once online (its answer lands in IndexedDB); then, with no network for
// the page nor its service worker, each run opens the list in a new tab: the shell comes from the
// precache, the rows from the last-known answers. A run's figure is when the first row was painted,
// counted from the navigation's start (two animation frames after the row entered the page, so
// the frame showing it is done).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { startChild, stdoutLine, stopChild } from './probes-scale/children.js';
import { progress, type BenchOptions, type Figure } from './report.js';
import { CHROMIUM_PATH } from './tasks-console-browser.js';
import { prepareConsoleStore } from './tasks-console-store.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'bench-pass-1';
const TASKS = 120;
const LIST_PATH = '/monitor/3';
const ROW = 'tr[data-task-id]';

function buildConsoleIfStale(): Promise<void> {
  const lib = new URL('../lib.mjs', import.meta.url).href;
  const script = `import { buildConsoleIfStale } from ${JSON.stringify(lib)}; await buildConsoleIfStale();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the console build failed (${String(code)})`))));
  });
}

async function withServer<T>(dataDir: string, use: (url: string) => Promise<T>): Promise<T> {
  const server = startChild('scripts/bench/probes-scale/server-process.ts', {
    VIGIL_DATA_DIR: dataDir,
    VIGIL_PORT: '0',
    VIGIL_HOST: '127.0.0.1',
    VIGIL_LOG_LEVEL: 'warn',
  });
  try {
    const url = await stdoutLine(server, (line) => (line.startsWith('listening ') ? line.slice('listening '.length) : undefined));
    return await use(url);
  } finally {
    await stopChild(server);
  }
}

// These run in the page (serialized by Playwright): no outer references. This project's typings
// are Node's, so the page's globals are described here as far as they are used.
interface PageGlobal {
  benchRowsPaintedAt?: number;
  document: { querySelector(selector: string): unknown };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void; disconnect(): void };
  requestAnimationFrame(callback: () => void): number;
  navigator: { serviceWorker: { controller: unknown } };
}

function watchFirstRowPaint(): void {
  const page = globalThis as unknown as PageGlobal;
  const observer = new page.MutationObserver(() => {
    if (!page.document.querySelector('tr[data-task-id]')) return;
    observer.disconnect();
    page.requestAnimationFrame(() => page.requestAnimationFrame(() => (page.benchRowsPaintedAt = performance.now())));
  });
  observer.observe(page.document, { childList: true, subtree: true });
}

/** Whether the console's IndexedDB store holds the list's answer yet (writes are coalesced for a moment). */
const LIST_IS_STORED = `indexedDB.databases().then((databases) => databases.some((database) => database.name === 'vigil-offline') && new Promise((resolve) => {
  const open = indexedDB.open('vigil-offline');
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const database = open.result;
    if (!database.objectStoreNames.contains('last-known')) return resolve(false);
    const all = database.transaction('last-known').objectStore('last-known').getAll();
    all.onsuccess = () => { database.close(); resolve(JSON.stringify(all.result).includes('"list"')); };
    all.onerror = () => resolve(false);
  };
}))`;

const listIsStored = (page: Page): Promise<boolean> => page.evaluate<boolean>(LIST_IS_STORED);

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`pwa.offline: gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signed in online; the service worker controls the console and the list's answer is stored. */
async function prepareOnline(context: BrowserContext, url: string, account: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('帳號').fill(account);
  await page.getByLabel('密碼').fill(PASSWORD);
  await page.getByRole('button', { name: '登入' }).click();
  await page.waitForURL(`${url}/overview`, { timeout: 60_000 });
  await until('the service worker', () => page.evaluate(() => (globalThis as unknown as PageGlobal).navigator.serviceWorker.controller !== null));
  await page.goto(`${url}${LIST_PATH}`);
  await page.locator(ROW).first().waitFor({ timeout: 60_000 });
  await until('the stored list', () => listIsStored(page));
  await page.close();
}

/** One cold start offline in a new tab: ms from the navigation's start to the first row painted. */
async function coldStart(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    const response = await page.goto(`${url}${LIST_PATH}`, { waitUntil: 'commit' });
    if (!response?.fromServiceWorker()) throw new Error('pwa.offline: the console was not answered by its service worker');
    await page.waitForFunction(() => (globalThis as unknown as PageGlobal).benchRowsPaintedAt !== undefined, undefined, { timeout: 30_000 });
    return await page.evaluate(() => (globalThis as unknown as PageGlobal).benchRowsPaintedAt ?? Number.NaN);
  } finally {
    await page.close();
  }
}

export async function measureOfflineColdStarts(url: string, account: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1440, height: 900 } });
    await prepareOnline(context, url, account);
    await context.addInitScript(watchFirstRowPaint);
    // No network for the pages, nor for the service worker's own requests (playwright #2311).
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    await coldStart(context, url); // the first tab warms the worker up; it is not counted
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await coldStart(context, url));
    return times;
  } finally {
    await browser.close();
  }
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

export async function pwaOfflineFigures(options: BenchOptions): Promise<Figure[]> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (Debian's chromium package, or set VIGIL_CHROMIUM)`);
  progress('pwa.offline: building the console if its sources changed');
  await buildConsoleIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-offline-'));
  try {
    const account = await prepareConsoleStore({ dataDir, password: PASSWORD, tasks: TASKS });
    const runs = options.quick ? 5 : 9;
    progress(`pwa.offline: ${runs} cold starts of ${LIST_PATH} offline in Chromium`);
    const times = await withServer(dataDir, (url) => measureOfflineColdStarts(url, account, runs));
    progress(`pwa.offline: first row painted after ${times.map((time) => time.toFixed(0)).join(', ')} ms`);
    return [
      { name: 'pwa.offline_cold_start_list_paint_median', value: percentile(times, 0.5), unit: 'ms', target: '≤ 300', better: 'lower' },
      { name: 'pwa.offline_cold_start_list_paint_p90', value: percentile(times, 0.9), unit: 'ms', target: null, better: 'lower' },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
