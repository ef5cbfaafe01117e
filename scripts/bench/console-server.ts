// What the console figures share: a fresh production build when the sources changed, and the real
// server serving it (with the console) on a port of its own over a data directory of the caller's.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startChild, stdoutLine, stopChild } from './probes-scale/children.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** scripts/lib.mjs's staleness check and build, its output kept off stdout (which --json owns). */
export function buildConsoleIfStale(): Promise<void> {
  const lib = new URL('../lib.mjs', import.meta.url).href;
  const script = `import { buildConsoleIfStale } from ${JSON.stringify(lib)}; await buildConsoleIfStale();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the console build failed (${String(code)})`))));
  });
}

/** Runs `use` with the URL of a server on `dataDir` (extra environment, e.g. the seed account), then stops it. */
export async function withConsoleServer<T>(dataDir: string, use: (url: string) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const server = startChild('scripts/bench/probes-scale/server-process.ts', {
    VIGIL_DATA_DIR: dataDir,
    VIGIL_PORT: '0',
    VIGIL_HOST: '127.0.0.1',
    VIGIL_LOG_LEVEL: 'warn',
    ...env,
  });
  try {
    const url = await stdoutLine(server, (line) => (line.startsWith('listening ') ? line.slice('listening '.length) : undefined));
    return await use(url);
  } finally {
    await stopChild(server);
  }
}
