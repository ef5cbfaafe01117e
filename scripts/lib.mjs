// Small helpers shared by the npm scripts (plain Node, no build step).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_NODE_OPTIONS, buildAgentIfStale } from './build-agent.mjs';
import { buildServerIfStale, SERVER_NODE_OPTIONS } from './build-server.mjs';

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

/**
 * Starts the API server as a child that shares this terminal: the bundle of its code
 * (dist/server/main.mjs, rebuilt first when its sources changed) under plain node, with the V8
 * options of SERVER_NODE_OPTIONS.
 */
export async function startServer(env = {}, extraArgs = []) {
  const server = await buildServerIfStale();
  return spawn(process.execPath, [...SERVER_NODE_OPTIONS, server, ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
}

/**
 * Forwards Ctrl-C and termination to the children. When an essential child exits, the others are
 * stopped and this process exits with its code; a non-essential one (the Local agent) may end alone.
 */
export function superviseChildren(initial) {
  const children = [];
  let exited = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => children.forEach((child) => child.kill(signal)));
  }
  const add = (child, { essential = true, name = 'process' } = {}) => {
    children.push(child);
    child.on('exit', (code) => {
      if (exited) return;
      if (!essential) {
        console.warn(`The ${name} stopped (exit code ${code ?? 'signal'}); the console keeps running.`);
        return;
      }
      exited = true;
      children.filter((other) => other !== child).forEach((other) => other.kill('SIGTERM'));
      process.exitCode = code ?? 0;
    });
  };
  initial.forEach((child) => add(child));
  return { add };
}

/** Waits until the server answers its health call; false when it exited first. */
export async function waitForServer(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * A fresh key for the Local node (the previous one stops working), then an agent with it: the
 * bundled agent (dist/agent/main.mjs, rebuilt when its sources changed) run by plain node with
 * AGENT_NODE_OPTIONS, as on any other machine. The key travels in the environment, not the
 * command line, so it does not show in process lists.
 */
export async function startLocalAgent(serverUrl) {
  // Opt-in (VIGIL_LOCAL_AGENT_ALLOW_PRIVATE=1): the node and the agent both allow loopback and
  // private targets, so services on this machine can be watched (the e2e tests probe 127.0.0.1).
  const allowPrivate = ['1', 'true', 'yes'].includes((process.env.VIGIL_LOCAL_AGENT_ALLOW_PRIVATE ?? '').toLowerCase());
  const privateFlag = allowPrivate ? ['--allow-private'] : [];
  const issued = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/node-key.ts'), '--node', 'local', ...privateFlag, '--json'], {
      cwd: root,
      encoding: 'utf8',
    }),
  );
  // One data dir for the Local node whatever its key, so a previous run's undelivered results go out.
  const dataDir = process.env.VIGIL_AGENT_DATA_DIR ?? join(process.env.VIGIL_DATA_DIR ?? join(root, '.data'), 'agent', 'local');
  const agent = await buildAgentIfStale();
  return spawn(process.execPath, [...AGENT_NODE_OPTIONS, agent, '--server', serverUrl, '--data-dir', dataDir, ...privateFlag], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VIGIL_AGENT_KEY: issued.key },
  });
}
