// The JavaScript of the console's first screen: the production build (rebuilt when stale, as
// `npm start` does) served by the real server on a free port over a fresh data dir, opened in
// Chromium as a newcomer (/login) and as a signed-in user (/overview). Each script the document
// loaded is read back from the server and measured raw and gzipped (level 9), so the figure does
// not depend on what the browser negotiated. Charts, maps, their geometry and the xlsx library must
// not be among them: they load where they are used.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureFirstScreens, type FirstScreen } from './pwa-bundle-browser.js';
import { buildConsoleIfStale, withConsoleServer } from './console-server.js';
import { progress, type BenchOptions, type Figure } from './report.js';
import { CHROMIUM_PATH } from './tasks-console-browser.js';

const ACCOUNT = 'demo01';
const PASSWORD = 'bench-pass-1';
const KB = 1024;
/** The budget for the first screen's JavaScript, compressed (issue 12). */
const TARGET_GZIP_KB = 150;

/** What shows that a script holds one of the parts that must load lazily. */
const LAZY_PARTS: { name: string; marker: string }[] = [
  { name: 'chart.js', marker: 'is not a registered' },
  { name: 'chartjs-chart-geo', marker: 'choropleth' },
  { name: 'xlsx (SheetJS)', marker: 'worksheets/sheet' },
];

interface ScriptSize {
  url: string;
  raw: number;
  gzip: number;
  lazyParts: string[];
}

async function sizeOf(url: string): Promise<ScriptSize> {
  const answer = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    url,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    lazyParts: LAZY_PARTS.filter((part) => text.includes(part.marker)).map((part) => part.name),
  };
}

interface ScreenSizes {
  label: FirstScreen['label'];
  raw: number;
  gzip: number;
  lazyParts: string[];
}

async function sizesOf(screen: FirstScreen): Promise<ScreenSizes> {
  const scripts = await Promise.all([...new Set(screen.scripts)].map(sizeOf));
  for (const script of scripts) {
    progress(`pwa: ${screen.label}: ${new URL(script.url).pathname} ${(script.raw / KB).toFixed(1)} KB raw, ${(script.gzip / KB).toFixed(1)} KB gzip`);
  }
  const lazyParts = [...new Set(scripts.flatMap((script) => script.lazyParts)), ...(screen.geometry.length > 0 ? ['map geometry'] : [])];
  return {
    label: screen.label,
    raw: scripts.reduce((sum, script) => sum + script.raw, 0),
    gzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
    lazyParts,
  };
}

function figuresOf(screens: ScreenSizes[]): Figure[] {
  const figures: Figure[] = [];
  for (const screen of screens) {
    progress(`pwa: ${screen.label}: ${(screen.raw / KB).toFixed(0)} KB raw, ${(screen.gzip / KB).toFixed(1)} KB gzip; lazy parts loaded: ${screen.lazyParts.join(', ') || 'none'}`);
    figures.push(
      { name: `pwa.initial_js_${screen.label}_gzip`, value: screen.gzip / KB, unit: 'KB', target: null, better: 'lower' },
      { name: `pwa.initial_js_${screen.label}_raw`, value: screen.raw / KB, unit: 'KB', target: null, better: 'lower' },
    );
  }
  const largest = Math.max(...screens.map((screen) => screen.gzip));
  const lazyLoaded = new Set(screens.flatMap((screen) => screen.lazyParts)).size;
  return [
    { name: 'pwa.initial_js_gzip', value: largest / KB, unit: 'KB', target: `≤ ${TARGET_GZIP_KB}`, better: 'lower' },
    ...figures,
    { name: 'pwa.initial_js_lazy_parts', value: lazyLoaded, unit: 'parts', target: '≤ 0', better: 'lower' },
  ];
}

export async function pwaBundleFigures(_options: BenchOptions): Promise<Figure[]> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (Debian's chromium package, or set VIGIL_CHROMIUM)`);
  progress('pwa: building the console if its sources changed');
  await buildConsoleIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-pwa-'));
  try {
    progress('pwa: opening /login as a newcomer and /overview signed in, in Chromium');
    const sizes = await withConsoleServer(dataDir, async (url) => {
      const screens = await measureFirstScreens({ url, account: ACCOUNT, password: PASSWORD });
      return Promise.all(screens.map(sizesOf));
    }, { VIGIL_SEED_ACCOUNT: ACCOUNT, VIGIL_SEED_PASSWORD: PASSWORD });
    return figuresOf(sizes);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
