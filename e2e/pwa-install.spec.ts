import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_PATH, E2E } from './env.js';
import { openAndSignIn } from './helpers.js';
import { CHROMIUM_ARGS, pngSize, precachedPaths, waitForServiceWorkerControl } from './pwa-helpers.js';

interface ManifestIcon {
  src: string;
  sizes: string;
  purpose?: string;
}

interface Manifest {
  name: string;
  short_name: string;
  id: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  lang: string;
  description: string;
  icons: ManifestIcon[];
  screenshots: (ManifestIcon & { form_factor: string })[];
}

test('the console is installable: no installability errors once its service worker controls the page', async ({ playwright, baseURL }) => {
  // Chromium never offers to install from an incognito-like context, which a default test context is.
  const userDataDir = mkdtempSync(join(tmpdir(), 'vigil-install-'));
  const context = await playwright.chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], baseURL, locale: 'zh-TW' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('the manifest has every field installing needs, and its icons and screenshots are what it says', async ({ request, page }) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  const manifest = (await answer.json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Vigil', short_name: 'Vigil', id: '/', start_url: '/overview', scope: '/', display: 'standalone', lang: 'zh-Hant-TW' });
  expect(manifest.description).not.toBe('');
  await page.goto('/login');
  expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
  // The page's own background (slate-50) is the splash screen's.
  expect(await bodyBackgroundRgb(page)).toEqual(hexToRgb(manifest.background_color));

  const images = [...manifest.icons, ...manifest.screenshots];
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const image of images) {
    const file = await request.get(image.src);
    expect([image.src, file.status(), file.headers()['content-type']]).toEqual([image.src, 200, 'image/png']);
    const { width, height } = pngSize(await file.body());
    expect([image.src, `${width}x${height}`]).toEqual([image.src, image.sizes]);
  }
  const appleTouch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await request.get(appleTouch ?? '')).body())).toEqual({ width: 180, height: 180 });
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
});

test('the service worker is activated and precaches the shell, the icons and the map geometry', async ({ page }) => {
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  const paths = await precachedPaths(page);
  const has = (pattern: RegExp) => paths.some((path) => pattern.test(path));
  for (const pattern of [/^\/index\.html/, /^\/assets\/index-[\w-]+\.js$/, /^\/assets\/index-[\w-]+\.css$/, /^\/icons\/icon-192\.png/, /^\/manifest\.webmanifest/]) {
    expect(has(pattern), `${pattern} in ${paths.join(' ')}`).toBe(true);
  }
  for (const map of ['china', 'sea', 'world']) expect(has(new RegExp(`^/assets/geo-${map}-\\w+\\.json$`)), map).toBe(true);
  // Every lazy screen and chart is there too, so any screen opens offline.
  expect(paths.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(5);
  expect(paths.some((path) => path.endsWith('.map') || path.startsWith('/screenshots/'))).toBe(false);
});

test('offline, navigations get the shell from the precache but API paths never do', async ({ page, context }) => {
  await openAndSignIn(page);
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  try {
    await page.goto('/nodes');
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page).toHaveTitle(/Vigil/);
    await expect(page.goto('/api/docs')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  } finally {
    await context.setOffline(false);
  }
});

test('the page, the service worker and the manifest are revalidated; hashed assets are kept for a year', async ({ request, page }) => {
  for (const path of ['/', '/index.html', '/overview', '/sw.js', '/manifest.webmanifest']) {
    expect([path, (await request.get(path)).headers()['cache-control']]).toEqual([path, 'no-cache']);
  }
  await page.goto('/login');
  const script = await page.locator('script[type="module"][src^="/assets/index-"]').getAttribute('src');
  const asset = await request.get(script ?? '');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test.describe('a new version', () => {
  // This worker's server's own copy of the console (scripts/e2e-server.mjs): no other worker's specs see the new version.
  const serviceWorkerFile = fileURLToPath(new URL(`../${E2E.clientDir}/sw.js`, import.meta.url));

  test('is offered with a reload once it waits, and taking it reloads the page under the new service worker', async ({ page }) => {
    await openAndSignIn(page);
    await waitForServiceWorkerControl(page);
    const original = readFileSync(serviceWorkerFile);
    try {
      writeFileSync(serviceWorkerFile, Buffer.concat([original, Buffer.from(`\n// e2e ${Date.now()}\n`)]));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'Vigil 已有新版本。' });
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
      await prompt.getByRole('button', { name: '重新載入' }).click();
      await expect.poll(() => page.evaluate(() => 'beforeUpdate' in window).catch(() => true), { timeout: 30_000 }).toBe(false);
      await waitForServiceWorkerControl(page);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await expect(prompt).toBeHidden();
      await expect(page).toHaveURL(/\/overview$/);
    } finally {
      writeFileSync(serviceWorkerFile, original);
    }
  });
});

function hexToRgb(hex: string): number[] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The body's computed colour (Tailwind 4 writes oklch) as sRGB bytes, through a canvas pixel. */
function bodyBackgroundRgb(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });
}
