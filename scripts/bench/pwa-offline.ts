// The installable console's offline cold start, as a phone reopening the installed app meets it:
// the production build (rebuilt when stale, as `npm start` does) served by the real server on a
// free port over a temp data dir holding 120 HTTP tasks with half an hour of results.
//
// Chromium runs on a profile kept on disk. Online, it signs in, lets the service worker install
// (the precache lands in Cache Storage) and opens the HTTP task list (its answer lands in
// IndexedDB); then the browser closes and the server stops, so nothing answers on the network.
// Each run launches Chromium afresh on that profile with the network emulated offline and opens
// the list: no service worker running, no renderer, nothing in memory, only what the device kept.
// The shell comes from the precache, the rows from the last-known answers. A run's figure is when
// the first row was painted, counted from the navigation's start (two animation frames after the
// row entered the page, so the frame showing it is done). The first launch is a warm-up and not
// counted (an installed app has been opened before). That first row is the kept picture's when the
// page painted one before React (the same rows, words and figures React then draws in its place:
// e2e/offline-console.spec.ts checks it); when React's own first row was painted is reported beside
// it (`liveRows`, the list usable from there).
//
// The navigation starts a second after the launch: a freshly started headless Chromium spends its
// first moments on its own pages (omnibox and search-box renderers a phone's app window never
// shows), which would be counted against the console. The same cold start without that pause is
// reported beside it, for information.
//
// Not used on purpose: request interception (Playwright's routing turns the browser's caches off),
// an in-memory profile (nothing kept as a device keeps it), and any Playwright call into the page
// before the row is painted (it would inject and compile its own scripts during the measured load):
// the page itself reports the paint on its console.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { PICTURE_KEY, PICTURE_REPLACED_MARK, RESTORED_MARK } from '../../src/client/lib/offline/persist-policy.js';
import { buildConsoleIfStale, withConsoleServer } from './console-server.js';
import { progress, type BenchOptions, type Figure } from './report.js';
import { CHROMIUM_PATH } from './tasks-console-browser.js';
import { prepareConsoleStore } from './tasks-console-store.js';

const PASSWORD = 'bench-pass-1';
const TASKS = 120;
const LIST_PATH = '/monitor/3';
const ROW = 'tr[data-task-id]';
const BROWSER_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'];
const CONTEXT_OPTIONS = { locale: 'zh-TW', viewport: { width: 1440, height: 900 } } as const;
/** Long enough for a launched Chromium to finish starting its own pages (see above). */
const BROWSER_SETTLE_MS = 1_000;
/** What the page logs once the first row has been painted. */
const PAINTED_SIGNAL = 'vigil-bench-rows-painted';

// These run in the page (serialized by Playwright): no outer references, no named inner helpers
// (the TypeScript loader would wrap them in a helper the page lacks). This project's typings are
// Node's, so the page's globals are described here as far as they are used.
interface TimedEntry {
  name: string;
  responseEnd: number;
}
interface MarkEntry {
  startTime: number;
}
interface PageGlobal {
  benchRowsPaintedAt?: number;
  benchLiveRowsPaintedAt?: number;
  document: { querySelector(selector: string): unknown };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void; disconnect(): void };
  requestAnimationFrame(callback: () => void): number;
  navigator: { serviceWorker: { controller: unknown } };
  performance: { now(): number; getEntriesByType(type: string): TimedEntry[]; getEntriesByName(name: string): MarkEntry[] };
  console: { debug(message: string): void };
  localStorage: { getItem(key: string): string | null };
}

function watchFirstRowPaint(): void {
  const page = globalThis as unknown as PageGlobal;
  let firstSeen = false;
  const observer = new page.MutationObserver(() => {
    if (!firstSeen && page.document.querySelector('tr[data-task-id]')) {
      firstSeen = true;
      page.requestAnimationFrame(() =>
        page.requestAnimationFrame(() => {
          page.benchRowsPaintedAt = page.performance.now();
          page.console.debug('vigil-bench-rows-painted');
        }),
      );
    }
    if (!page.document.querySelector('#root tr[data-task-id]')) return;
    observer.disconnect();
    page.requestAnimationFrame(() =>
      page.requestAnimationFrame(() => {
        page.benchLiveRowsPaintedAt = page.performance.now();
      }),
    );
  });
  observer.observe(page.document, { childList: true, subtree: true });
}

/** Whether the console's IndexedDB store holds a task list's answer yet (writes are coalesced for a moment). */
const LIST_IS_STORED = `indexedDB.databases().then((databases) => databases.some((database) => database.name === 'vigil-offline') && new Promise((resolve) => {
  const open = indexedDB.open('vigil-offline');
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const database = open.result;
    if (!database.objectStoreNames.contains('last-known')) return resolve(false);
    const all = database.transaction('last-known').objectStore('last-known').getAll();
    all.onsuccess = () => {
      database.close();
      resolve(all.result.some((entry) => entry?.clientState?.queries?.some((query) => query.queryKey[0] === 'tasks' && query.queryKey[1] === 'list')));
    };
    all.onerror = () => resolve(false);
  };
}))`;

const listIsStored = (page: Page): Promise<boolean> => page.evaluate<boolean>(LIST_IS_STORED);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`pwa.offline: gave up waiting for ${what}`);
    await pause(250);
  }
}

function launchProfile(profileDir: string, offline: boolean): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, args: BROWSER_ARGS, offline, ...CONTEXT_OPTIONS });
}

const firstPage = async (context: BrowserContext): Promise<Page> => context.pages()[0] ?? (await context.newPage());

/** Signed in online; the service worker controls the console, the list's answer and its picture are stored; the browser closed. */
async function prepareOnline(profileDir: string, url: string, account: string): Promise<void> {
  const context = await launchProfile(profileDir, false);
  try {
    const page = await firstPage(context);
    await page.goto(`${url}/login`);
    await page.getByLabel('帳號').fill(account);
    await page.getByLabel('密碼').fill(PASSWORD);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL(`${url}/overview`, { timeout: 60_000 });
    await until('the service worker', () => page.evaluate(() => (globalThis as unknown as PageGlobal).navigator.serviceWorker.controller !== null));
    await page.goto(`${url}${LIST_PATH}`);
    await page.locator(ROW).first().waitFor({ timeout: 60_000 });
    await until('the stored list', () => listIsStored(page));
    // The list was seen for a moment: its picture is kept once its rows are drawn and stored.
    await until('the kept picture of the list', () => page.evaluate((key) => (globalThis as unknown as PageGlobal).localStorage.getItem(key) !== null, PICTURE_KEY));
  } finally {
    await context.close();
  }
}

/** Where the time of one cold start went: when each part was in, ms from the navigation's start. */
export interface ColdStartPhases {
  shell: number;
  entryScript: number;
  texts: number;
  /** The screen's code arrived (its evaluation comes later). */
  screen: number;
  /** The kept answers were in the query client and the screen's code had run: the screens render from here. */
  restored: number;
  /** The first row was painted: the kept picture's (painted before React) or, without one, React's. */
  rows: number;
  /** React's own first row was painted (the picture replaced, or no picture): the list works from here. */
  liveRows: number;
  /** Whether the page painted the kept picture before React. */
  pictured: boolean;
}

function endOf(entries: readonly TimedEntry[], pattern: RegExp): number {
  return entries.find((entry) => pattern.test(entry.name))?.responseEnd ?? Number.NaN;
}

/** Read once the row is painted (reading earlier would put Playwright's own scripts into the load). */
async function phasesOf(page: Page): Promise<ColdStartPhases> {
  const timing = await page.waitForFunction(() => (globalThis as unknown as PageGlobal).benchLiveRowsPaintedAt !== undefined, undefined, { timeout: 30_000 }).then(() => page.evaluate(([restoredMark, replacedMark]) => {
    const page = globalThis as unknown as PageGlobal;
    return {
      navigation: page.performance.getEntriesByType('navigation').map((entry) => ({ name: entry.name, responseEnd: entry.responseEnd })),
      resources: page.performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, responseEnd: entry.responseEnd })),
      restored: page.performance.getEntriesByName(restoredMark)[0]?.startTime ?? Number.NaN,
      rows: page.benchRowsPaintedAt ?? Number.NaN,
      liveRows: page.benchLiveRowsPaintedAt ?? Number.NaN,
      pictured: page.performance.getEntriesByName(replacedMark).length > 0,
    };
  }, [RESTORED_MARK, PICTURE_REPLACED_MARK] as const));
  return {
    shell: timing.navigation[0]?.responseEnd ?? Number.NaN,
    entryScript: endOf(timing.resources, /\/assets\/index-[^/]*\.js$/),
    texts: endOf(timing.resources, /\/assets\/zh-tw-[^/]*\.js$/),
    screen: endOf(timing.resources, /\/assets\/monitor-[^/]*\.js$/),
    restored: timing.restored,
    rows: timing.rows,
    liveRows: timing.liveRows,
    pictured: timing.pictured,
  };
}

/** One cold start offline in a freshly launched browser, the navigation `settleMs` after the launch. */
async function coldStart(profileDir: string, url: string, settleMs: number): Promise<ColdStartPhases> {
  const context = await launchProfile(profileDir, true);
  try {
    await context.addInitScript(watchFirstRowPaint);
    const page = await firstPage(context);
    await pause(settleMs);
    const painted = page.waitForEvent('console', { predicate: (message) => message.text() === PAINTED_SIGNAL, timeout: 30_000 });
    painted.catch(() => undefined); // awaited below; a failed navigation must not leave it unhandled
    const response = await page.goto(`${url}${LIST_PATH}`, { waitUntil: 'commit' });
    if (!response?.fromServiceWorker()) throw new Error('pwa.offline: the console was not answered by its service worker');
    await painted;
    return await phasesOf(page);
  } finally {
    await context.close();
  }
}

export interface OfflineColdStarts {
  /** Navigations a moment after the browser started: the figure. */
  settled: ColdStartPhases[];
  /** Navigations as soon as the browser is up, its own start-up work running alongside. */
  withBrowserStart: ColdStartPhases[];
}

/** Prepares a profile online, stops the server, then times `runs` cold starts of each kind, alternating, after one warm-up. */
export async function measureOfflineColdStarts(dataDir: string, account: string, runs: number): Promise<OfflineColdStarts> {
  const profileDir = mkdtempSync(join(tmpdir(), 'vigil-bench-offline-profile-'));
  try {
    const url = await withConsoleServer(dataDir, async (serverUrl) => {
      await prepareOnline(profileDir, serverUrl, account);
      return serverUrl;
    });
    await coldStart(profileDir, url, BROWSER_SETTLE_MS);
    const starts: OfflineColdStarts = { settled: [], withBrowserStart: [] };
    for (let run = 0; run < runs; run += 1) {
      starts.settled.push(await coldStart(profileDir, url, BROWSER_SETTLE_MS));
      starts.withBrowserStart.push(await coldStart(profileDir, url, 0));
    }
    return starts;
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

type TimedPhase = Exclude<keyof ColdStartPhases, 'pictured'>;

function phaseMedians(phases: readonly ColdStartPhases[]): string {
  const keys: TimedPhase[] = ['shell', 'entryScript', 'texts', 'screen', 'restored', 'rows', 'liveRows'];
  return keys.map((key) => `${key} ${percentile(phases.map((phase) => phase[key]), 0.5).toFixed(0)}`).join(', ');
}

const loadAverage = () => loadavg().map((load) => load.toFixed(2)).join(' ');

export async function pwaOfflineFigures(options: BenchOptions): Promise<Figure[]> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (Debian's chromium package, or set VIGIL_CHROMIUM)`);
  progress('pwa.offline: building the console if its sources changed');
  await buildConsoleIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-offline-'));
  try {
    const account = await prepareConsoleStore({ dataDir, password: PASSWORD, tasks: TASKS });
    const runs = options.quick ? 5 : 9;
    progress(`pwa.offline: ${runs} cold starts of ${LIST_PATH} offline, each in a freshly launched Chromium (load average ${loadAverage()})`);
    const { settled, withBrowserStart } = await measureOfflineColdStarts(dataDir, account, runs);
    const times = settled.map((phase) => phase.rows);
    const launchTimes = withBrowserStart.map((phase) => phase.rows);
    progress(`pwa.offline: first row painted after ${times.map((time) => time.toFixed(0)).join(', ')} ms (load average ${loadAverage()})`);
    progress(`pwa.offline: medians, ms after the navigation's start, of when each part was in: ${phaseMedians(settled)}`);
    progress(`pwa.offline: the kept picture was painted before React in ${settled.filter((phase) => phase.pictured).length} of ${settled.length} runs`);
    progress(`pwa.offline: navigating as soon as the browser is up: ${launchTimes.map((time) => time.toFixed(0)).join(', ')} ms`);
    return [
      { name: 'pwa.offline_cold_start_list_paint_median', value: percentile(times, 0.5), unit: 'ms', target: '≤ 250', better: 'lower' },
      { name: 'pwa.offline_cold_start_list_paint_p90', value: percentile(times, 0.9), unit: 'ms', target: null, better: 'lower' },
      { name: 'pwa.offline_cold_start_live_list_paint_median', value: percentile(settled.map((phase) => phase.liveRows), 0.5), unit: 'ms', target: null, better: 'lower' },
      { name: 'pwa.offline_cold_start_with_browser_start_median', value: percentile(launchTimes, 0.5), unit: 'ms', target: null, better: 'lower' },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
