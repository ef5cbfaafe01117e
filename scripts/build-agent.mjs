// The probe agent as one plain-JavaScript file: `node scripts/build-agent.mjs` bundles
// src/agent/main.ts with esbuild into dist/agent/main.mjs, which runs with plain `node` (no tsx
// loader: about 35 MB less memory and no loader thread). `npm run agent` keeps tsx for development.
// Benchmarks bundle their agent children the same way (bundleIfStale), so they measure this code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const AGENT_ENTRY = 'src/agent/main.ts';
export const AGENT_BUNDLE = 'dist/agent/main.mjs';
/**
 * V8 options the agent runs with (`npm start`'s Local agent and the bench's agents alike; give them
 * too when you run the bundle yourself). The agent allocates little and wakes once a second, so V8
 * takes it for idle: its memory reducer ran three full mark-compacts in a row, which let the object
 * layouts of the check path die (no check in flight then) and threw its optimized code away
 * (`--trace-deopt`: "weak objects"), compiled again over the next minutes; and it shrank the young
 * generation to 1 MB, scavenged every 2 s (1-7 ms each). `v8.setFlagsFromString` at start does not
 * do it: the reducer still ran. Most of the agent's code runs a few times a second, so it stayed in
 * V8's interpreter for minutes: `--always-sparkplug` compiles each function to baseline code at
 * its first run (the agent's CPU per check about 12 % lower; the server, tried too, was not).
 * `--v8-pool-size=1`: one V8 worker thread instead of Node's four, so a GC or compile job wakes one
 * thread of this small heap, not four (about 0.01 ms less per check).
 * Measured in docs/architecture.md, "Performance: CPU per check".
 */
export const AGENT_NODE_OPTIONS = ['--min-semi-space-size=16', '--max-semi-space-size=16', '--no-memory-reducer', '--no-flush-bytecode', '--always-sparkplug', '--v8-pool-size=1'];

/** What the agent bundle is made of: a change to any of these makes it stale. */
export const AGENT_SOURCES = ['src/agent', 'src/shared', 'package-lock.json', 'scripts/build-agent.mjs'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Whether `outfile` (relative to the repository) is missing or older than any of `sources`. */
export function bundleIsStale(outfile, sources) {
  const built = resolve(root, outfile);
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

/**
 * Bundles one TypeScript entry for Node 20 as an ES module. Packages stay outside the bundle only
 * when they cannot be bundled (native addons); the agent needs none of them. `packagesExternal`
 * bundles this repository's code only and leaves every package to node_modules (the server's).
 */
export async function bundle(entry, outfile, { packagesExternal = false } = {}) {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    ...(packagesExternal ? { packages: 'external' } : { external: ['better-sqlite3', 'fsevents'] }),
    // Bundled CommonJS dependencies may call require(): give the ES module one.
    banner: { js: "import { createRequire as __vigilCreateRequire } from 'node:module'; const require = __vigilCreateRequire(import.meta.url);" },
  });
}

/**
 * Bundles `entry` into `outfile` when the bundle is older than the entry, the agent's sources or
 * `extraSources`; answers its absolute path.
 */
export async function bundleIfStale(entry, outfile, extraSources = []) {
  if (bundleIsStale(outfile, [entry, ...AGENT_SOURCES, ...extraSources])) await bundle(entry, outfile);
  return resolve(root, outfile);
}

/** dist/agent/main.mjs, built first when missing or stale; answers its absolute path. */
export function buildAgentIfStale() {
  return bundleIfStale(AGENT_ENTRY, AGENT_BUNDLE);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundle(AGENT_ENTRY, AGENT_BUNDLE);
  console.log(`Built ${relative(process.cwd(), join(root, AGENT_BUNDLE)) || AGENT_BUNDLE}`);
}
