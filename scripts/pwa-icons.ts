// npx tsx scripts/pwa-icons.ts: the console's PNG icons (public/icons) drawn from public/logo.svg by
// Debian's Chromium. Run again after changing the logo; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CHROMIUM_PATH = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';
const BRAND = '#1f5fd1';

/** The logo's glyph (its one path) with the logo's stroke, from public/logo.svg. */
function logoGlyph(): string {
  const logo = readFileSync(`${ROOT}public/logo.svg`, 'utf8');
  const path = /<path [^>]*\/>/.exec(logo)?.[0];
  if (!path) throw new Error('public/logo.svg has no <path>');
  return path;
}

/** The glyph on a full square of brand blue, scaled about the logo's centre (16, 16.5). */
function fullBleed(glyph: string, scale: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16.5) scale(${scale}) translate(-16 -16.5)">${glyph}</g></svg>`;
}

/** A badge: only its alpha counts, so the glyph alone, white, bolder for its small size. */
function badge(glyph: string): string {
  const bold = glyph.replace(/stroke-width="[^"]*"/, 'stroke-width="2.6"');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><g transform="translate(16 16.5) scale(1.3) translate(-16 -16.5)">${bold}</g></svg>`;
}

interface Icon {
  file: string;
  size: number;
  svg: string;
}

function icons(): Icon[] {
  const logo = readFileSync(`${ROOT}public/logo.svg`, 'utf8');
  const glyph = logoGlyph();
  return [
    // purpose "any": the logo as it is, rounded corners and all.
    { file: 'icon-192.png', size: 192, svg: logo },
    { file: 'icon-512.png', size: 512, svg: logo },
    // purpose "maskable": the glyph inside the central 80 % circle any mask keeps.
    { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(glyph, 0.8) },
    // iOS rounds the corners itself and shows transparency as black: a full square.
    { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(glyph, 0.9) },
    { file: 'badge-96.png', size: 96, svg: badge(glyph) },
  ];
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await mkdir(`${ROOT}public/icons`, { recursive: true });
  for (const icon of icons()) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const source = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(`<body style="margin:0"><img src="${source}" width="${icon.size}" height="${icon.size}" style="display:block"></body>`);
    await page.locator('img').evaluate((image: { decode: () => Promise<void> }) => image.decode());
    await page.screenshot({ path: `${ROOT}public/icons/${icon.file}`, omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
