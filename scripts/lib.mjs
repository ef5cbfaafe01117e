// Small helpers shared by the npm scripts (plain Node, no build step).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const CONSOLE_SOURCES = ['index.html', 'vite.config.ts', 'package-lock.json', 'public', 'locales', 'src/client', 'src/shared'];

/** Whether dist/client is missing or older than any source of the console. */
export function consoleBuildIsStale() {
  const built = join(root, 'dist/client/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return CONSOLE_SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

export async function buildConsoleIfStale() {
  if (!consoleBuildIsStale()) return;
  console.log('Building the console …');
  await run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
}

/** Starts the API server (TypeScript through tsx) as a child that shares this terminal. */
export function startServer(env = {}, extraArgs = []) {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts'), ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
}

/** Forwards Ctrl-C and termination to the children and exits with the first child's code. */
export function superviseChildren(children) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => children.forEach((child) => child.kill(signal)));
  }
  let exited = false;
  for (const child of children) {
    child.on('exit', (code) => {
      if (exited) return;
      exited = true;
      children.filter((other) => other !== child).forEach((other) => other.kill('SIGTERM'));
      process.exitCode = code ?? 0;
    });
  }
}
