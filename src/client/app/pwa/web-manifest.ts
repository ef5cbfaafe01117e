/**
 * The console's web app manifest and the PWA files around it, read by vite.config.ts (which hands
 * the manifest to vite-plugin-pwa) and by the tests. Pure data: no DOM, no Node.
 */

/** The page's colours: the brand blue of the top bar's logo and the meta theme-color; the slate-50 body. */
export const THEME_COLOR = '#1f5fd1';
export const BACKGROUND_COLOR = '#f8fafc';

export const SERVICE_WORKER_FILE = 'sw.js';
export const MANIFEST_FILE = 'manifest.webmanifest';

export const ICONS = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  appleTouch: '/icons/apple-touch-icon.png',
  /** Monochrome (only its alpha counts), shown by Android in the status bar. */
  badge: '/icons/badge-96.png',
} as const;

export const SCREENSHOTS = {
  narrow: { src: '/screenshots/overview-narrow.png', width: 720, height: 1480 },
  wide: { src: '/screenshots/tasks-wide.png', width: 1440, height: 900 },
} as const;

export interface WebManifestImage {
  src: string;
  sizes: string;
  type: string;
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'any';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: (WebManifestImage & { purpose: 'any' | 'maskable' })[];
  screenshots: (WebManifestImage & { form_factor: 'narrow' | 'wide'; label: string })[];
}

const png = 'image/png';
const sizeOf = (screenshot: { width: number; height: number }) => `${screenshot.width}x${screenshot.height}`;

export const WEB_MANIFEST: WebManifest = {
  id: '/',
  name: 'Vigil',
  short_name: 'Vigil',
  description: 'Vigil：從各地探測節點監測網站與伺服器的可用性與回應時間。',
  lang: 'zh-Hant-TW',
  dir: 'ltr',
  start_url: '/overview',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['utilities', 'productivity', 'business'],
  icons: [
    { src: ICONS.any192, sizes: '192x192', type: png, purpose: 'any' },
    { src: ICONS.any512, sizes: '512x512', type: png, purpose: 'any' },
    { src: ICONS.maskable512, sizes: '512x512', type: png, purpose: 'maskable' },
  ],
  screenshots: [
    { src: SCREENSHOTS.narrow.src, sizes: sizeOf(SCREENSHOTS.narrow), type: png, form_factor: 'narrow', label: '總覽：各類任務的狀態一覽' },
    { src: SCREENSHOTS.wide.src, sizes: sizeOf(SCREENSHOTS.wide), type: png, form_factor: 'wide', label: '任務清單：可用率與回應時間' },
  ],
};
