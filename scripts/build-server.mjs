// The API server as one plain-JavaScript file: `node scripts/build-server.mjs` bundles
// src/server/main.ts with esbuild into dist/server/main.mjs, which `npm start` runs with plain
// `node` (no tsx loader: about 55 MB less memory, no loader thread, a faster start; measured by
// `npm run bench -- --only scale`). Only this repository's code is bundled: every package stays in
// node_modules (native addons, pino's worker files). `npm run dev` keeps tsx for development.
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundle, bundleIsStale } from './build-agent.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export const SERVER_ENTRY = 'src/server/main.ts';
export const SERVER_BUNDLE = 'dist/server/main.mjs';
/**
 * V8 options the server runs with (`npm start` and the bench's server alike). The server wakes for
 * a results batch every few seconds, so V8 takes it for idle: its memory reducer ran full
 * mark-compacts between batches, bytecode not run for a while was dropped and compiled again, and
 * a young generation shrunk to 1 MB was scavenged on every batch. Measured: a batch of 50 results
 * every 3 s cost 17-18 ms of server CPU without these and 10-11 ms with them
 * (docs/architecture.md, "Performance: CPU per check").
 */
export const SERVER_NODE_OPTIONS = ['--min-semi-space-size=16', '--max-semi-space-size=16', '--no-memory-reducer', '--no-flush-bytecode'];

/** What a server bundle is made of (its texts come from locales/): a change to any of these makes it stale. */
export const SERVER_SOURCES = ['src/server', 'src/shared', 'locales', 'package-lock.json', 'scripts/build-agent.mjs', 'scripts/build-server.mjs'];

/** The SQLite threads' entries (reader, checkpointer); the server starts each from the file of its name beside its own bundle (src/server/db/worker-thread.ts). */
const DB_WORKERS = ['sqlite-read-worker', 'sqlite-checkpoint-worker'];

/** Where a server bundle's SQLite threads go: beside it. */
const dbWorkersOf = (outfile) => DB_WORKERS.map((name) => ({ entry: `src/server/db/${name}.ts`, outfile: join(dirname(outfile), `${name}.mjs`) }));

/** Bundles a server entry into `outfile` and the SQLite threads beside it. */
async function bundleServer(entry, outfile) {
  await bundle(entry, outfile, { packagesExternal: true });
  for (const worker of dbWorkersOf(outfile)) await bundle(worker.entry, worker.outfile, { packagesExternal: true });
}

/**
 * Bundles `entry` (the server's main, or a bench's wrapper of it) into `outfile` when the bundle is
 * older than the entry, the server's sources or `extraSources`; answers its absolute path.
 */
export async function bundleServerIfStale(entry, outfile, extraSources = []) {
  const sources = [entry, ...SERVER_SOURCES, ...extraSources];
  if ([outfile, ...dbWorkersOf(outfile).map((worker) => worker.outfile)].some((file) => bundleIsStale(file, sources))) await bundleServer(entry, outfile);
  return resolve(root, outfile);
}

/** dist/server/main.mjs, built first when missing or stale; answers its absolute path. */
export function buildServerIfStale() {
  return bundleServerIfStale(SERVER_ENTRY, SERVER_BUNDLE);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundleServer(SERVER_ENTRY, SERVER_BUNDLE);
  console.log(`Built ${relative(process.cwd(), resolve(root, SERVER_BUNDLE)) || SERVER_BUNDLE}`);
}
