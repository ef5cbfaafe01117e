// Debian's Chromium over the built console: which scripts a first screen loads (the sign-in for a
// newcomer, the overview for a signed-in user), measured from the document's resource entries once
// the screen has shown and the network has gone quiet.
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from './tasks-console-browser.js';

export interface FirstScreen {
  label: 'login' | 'overview';
  /** Every script and stylesheet the document loaded, in load order. */
  scripts: string[];
  styles: string[];
  /** Map geometry the screen fetched (none expected: maps load with the first map shown). */
  geometry: string[];
}

const LAUNCH_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'];

function loadedResources(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
}

async function firstScreenOf(page: Page, label: FirstScreen['label']): Promise<FirstScreen> {
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  const resources = await loadedResources(page);
  const pathOf = (url: string) => new URL(url).pathname;
  return {
    label,
    scripts: resources.filter((url) => pathOf(url).endsWith('.js')),
    styles: resources.filter((url) => pathOf(url).endsWith('.css')),
    geometry: resources.filter((url) => /\/geo-[\w-]+\.json$/.test(pathOf(url))),
  };
}

/**
 * A newcomer opens /login in a fresh browser; then, signed in, the overview is opened afresh (a
 * reload: the first screen of a signed-in user, not what the sign-in screen had loaded already).
 */
export async function measureFirstScreens(options: { url: string; account: string; password: string }): Promise<FirstScreen[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
  try {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${options.url}/login`);
    await page.getByLabel('帳號').waitFor({ timeout: 60_000 });
    const login = await firstScreenOf(page, 'login');
    await page.getByLabel('帳號').fill(options.account);
    await page.getByLabel('密碼').fill(options.password);
    await page.getByRole('button', { name: '登入' }).click();
    await page.waitForURL(`${options.url}/overview`, { timeout: 60_000 });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
    const overview = await firstScreenOf(page, 'overview');
    return [login, overview];
  } finally {
    await browser.close();
  }
}
