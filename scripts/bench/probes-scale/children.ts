// Child processes of the agent-scale figure (each program in its own process, as deployed), and
// what /proc says about their CPU time and memory.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { bundleServerIfStale, SERVER_NODE_OPTIONS } from '../../build-server.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Runs a TypeScript entry of this repository in its own Node process (tsx as a loader, so the pid
 * is the program's own process), with an IPC channel and stdout piped for its announcements. With
 * `builtFile` (that entry bundled as .mjs) plain node runs the bundle instead, without tsx.
 * `nodeOptions` are the program's own (the server's, as `npm start` gives them); VIGIL_BENCH_NODE_ARGS
 * adds options for node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
export function startChild(entry: string, env: Record<string, string> = {}, builtFile?: string, nodeOptions: readonly string[] = []): ChildProcess {
  return fork(builtFile ?? fileURLToPath(new URL(entry, `file://${ROOT}`)), [], {
    cwd: ROOT,
    execArgv: [...(builtFile ? [] : ['--import', 'tsx']), ...nodeOptions, ...(process.env.VIGIL_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
}

/** The first stdout line the predicate picks, or a failure after `timeoutMs` or at the child's exit. */
export function stdoutLine(child: ChildProcess, pick: (line: string) => string | undefined, timeoutMs = 60_000): Promise<string> {
  const stdout = child.stdout;
  if (!stdout) return Promise.reject(new Error('child has no stdout'));
  return new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    const timer = setTimeout(() => finish(new Error(`no expected line within ${timeoutMs} ms`)), timeoutMs);
    const onExit = (code: number | null) => finish(new Error(`child exited (${String(code)}) before announcing itself`));
    child.once('exit', onExit);
    lines.on('line', (line) => {
      const picked = pick(line);
      if (picked !== undefined) finish(undefined, picked);
    });
    function finish(error: Error | undefined, value?: string): void {
      clearTimeout(timer);
      child.off('exit', onExit);
      // Keep draining stdout so the child never blocks on a full pipe.
      lines.removeAllListeners('line');
      if (error) reject(error);
      else resolve(value ?? '');
    }
  });
}

/** Sends a message and waits for the child's answer of the same type. */
export function ask<T>(child: ChildProcess, message: { type: string }, timeoutMs = 30_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => (child.off('message', onMessage), reject(new Error(`no answer to ${message.type}`))), timeoutMs);
    function onMessage(answer: unknown): void {
      if ((answer as { type?: unknown }).type !== message.type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(answer as T);
    }
    child.on('message', onMessage);
    child.send(message);
  });
}

/** Stops a child with SIGTERM (SIGKILL after `graceMs`) and waits for its exit. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return clockTicks;
}

/** User and system CPU seconds the process has used (all its threads), from /proc/<pid>/stat. */
export function cpuTimes(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / ticksPerSecond(), system: Number(fields[12]) / ticksPerSecond() };
}

/** User + system CPU seconds the process has used (all its threads). */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/** Resident set size in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) / 1024;
}

export type StartChild = (entry: string, env?: Record<string, string>, builtFile?: string, nodeOptions?: readonly string[]) => ChildProcess;

/** startChild that also puts each child in `children`, for stopping them all at the end whatever happened. */
export function childStarter(children: ChildProcess[]): StartChild {
  return (entry, env, builtFile, nodeOptions) => {
    const child = startChild(entry, env, builtFile, nodeOptions);
    children.push(child);
    return child;
  };
}

/** The loopback targets (targets-process.ts) in their own process; answers their ports. */
export async function startTargets(start: StartChild): Promise<{ tcpPort: number; httpPort: number }> {
  const targets = start('scripts/bench/probes-scale/targets-process.ts');
  return JSON.parse(await stdoutLine(targets, (line) => (line.startsWith('{') ? line : undefined))) as { tcpPort: number; httpPort: number };
}

const SERVER_PROCESS = 'scripts/bench/probes-scale/server-process.ts';

/** Another build of the server or more node options than its own (scripts/bench/scale-side-by-side.ts). */
export interface ServerVariant {
  /** A bundle of server-process.ts, with the SQLite threads' bundles beside it. */
  builtFile?: string;
  nodeOptions?: readonly string[];
}

/**
 * The API server (server-process.ts) on `env`, bundled and run by plain node with the server's V8
 * options, as `npm start` runs the server (scripts/build-server.mjs); answers the child and the URL it announced.
 */
export async function startServerChild(start: StartChild, env: Record<string, string>, timeoutMs?: number, variant: ServerVariant = {}): Promise<{ server: ChildProcess; url: string }> {
  const built = variant.builtFile ?? (await bundleServerIfStale(SERVER_PROCESS, 'dist/bench/server-process.mjs'));
  const server = start(SERVER_PROCESS, env, built, [...SERVER_NODE_OPTIONS, ...(variant.nodeOptions ?? [])]);
  const url = await stdoutLine(server, (line) => (line.startsWith('listening ') ? line.slice('listening '.length) : undefined), timeoutMs);
  return { server, url };
}
