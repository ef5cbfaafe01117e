// Debian's Chromium driven by Playwright over the task list of 100 rows: long tasks (the main
// thread busy over 50 ms) seen by a PerformanceObserver that every document registers before its
// own scripts run, and the JavaScript the first screen loaded.
import { chromium, type Page } from '@playwright/test';

export const CHROMIUM_PATH = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';
const ROWS = 100;
/** Long tasks may trail the rows' first paint (effects, late data): watch this long after. */
const SETTLE_MS = 1_500;

export interface ListRender {
  label: string;
  /** Durations (ms) of the long tasks while the screen rendered. */
  longTasks: number[];
}

export interface ConsoleMeasures {
  renders: ListRender[];
  /** Bytes of JavaScript loaded when the first list had rendered (as sent: the server does not compress them). */
  initialJsBytes: number;
  /** Whether that JavaScript held chart.js (the list needs none of it). */
  chartJsInInitialLoad: boolean;
}

// These functions run in the page (serialized by Playwright): types only, no outer references.
// This project's typings are Node's, so the page's window and the longtask entry type are cast.
interface PageGlobal {
  benchLongTasks?: number[];
}
type ObserveOptions = Parameters<InstanceType<typeof PerformanceObserver>['observe']>[0];

function observeLongTasks(): void {
  const page = globalThis as unknown as PageGlobal;
  page.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) page.benchLongTasks?.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true } as unknown as ObserveOptions);
}

const longTasksSoFar = (page: Page) => page.evaluate(() => [...((globalThis as unknown as PageGlobal).benchLongTasks ?? [])]);

async function waitForRows(page: Page): Promise<void> {
  await page.locator('tr[data-task-id]').nth(ROWS - 1).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(SETTLE_MS);
}

async function signIn(page: Page, url: string, account: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('帳號').fill(account);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '登入' }).click();
  await page.waitForURL(`${url}/overview`, { timeout: 60_000 });
}

/** Scripts the document loaded, with their transferred sizes. */
function loadedScripts(page: Page): Promise<{ name: string; bytes: number }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name, bytes: (entry as unknown as { encodedBodySize: number }).encodedBodySize })),
  );
}

/** chart.js shows in bundled code by its registry's error text. */
async function holdsChartJs(page: Page, scripts: readonly { name: string }[]): Promise<boolean> {
  for (const script of scripts) {
    const text = await page.evaluate(async (name) => (await fetch(name)).text(), script.name);
    if (text.includes('is not a registered')) return true;
  }
  return false;
}

/** A figure of 0 long tasks must mean none happened: the observer has to see a known 120 ms one. */
async function checkObserver(page: Page): Promise<void> {
  const before = (await longTasksSoFar(page)).length;
  // In a task of the page's own (a DevTools evaluation does not count as one).
  await page.evaluate(() => {
    setTimeout(() => {
      const end = performance.now() + 120;
      while (performance.now() < end);
    }, 0);
  });
  await page.waitForTimeout(300);
  const seen = (await longTasksSoFar(page)).slice(before);
  if (!seen.some((duration) => duration >= 100)) throw new Error('the long task observer missed a 120 ms task');
}

/** Opens the list of `type` with 100 rows `rounds` times (a fresh load, then reloads) and sorts it once. */
export async function measureConsoleList(options: { url: string; account: string; password: string; rounds: number }): Promise<ConsoleMeasures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    await signIn(page, options.url, options.account, options.password);
    const renders: ListRender[] = [];
    await page.goto(`${options.url}/monitor/3?size=${ROWS}`);
    await waitForRows(page);
    renders.push({ label: 'first load', longTasks: await longTasksSoFar(page) });
    const scripts = await loadedScripts(page);
    for (let round = 1; round < options.rounds; round += 1) {
      await page.reload();
      await waitForRows(page);
      renders.push({ label: `reload ${round}`, longTasks: await longTasksSoFar(page) });
    }
    const before = (await longTasksSoFar(page)).length;
    await page.locator('th[aria-sort] button').nth(1).click();
    await page.locator('th[aria-sort="ascending"]').waitFor({ timeout: 60_000 });
    await waitForRows(page);
    renders.push({ label: 'sorted by availability', longTasks: (await longTasksSoFar(page)).slice(before) });
    await checkObserver(page);
    if (process.env.BENCH_CONSOLE_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_CONSOLE_SCREENSHOT });
    return {
      renders,
      initialJsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      chartJsInInitialLoad: await holdsChartJs(page, scripts),
    };
  } finally {
    await browser.close();
  }
}
