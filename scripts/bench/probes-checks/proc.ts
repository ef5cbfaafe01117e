// Process plumbing for the probe figures: CPU time from /proc, and bench children (TypeScript run
// by Node itself with tsx's loader, or bundled and run by plain node, so the measured pid is the
// program, not a wrapper) spoken to over IPC with numbered requests.
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

let ticksPerSecond: number | undefined;

/** Clock ticks per second of /proc/<pid>/stat times (`getconf CLK_TCK`, usually 100). */
export function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

export interface ProcessCpu {
  /** utime + stime of the process (all its threads), µs. */
  selfMicros: number;
  /** cutime + cstime: children it has waited for, µs. */
  childrenMicros: number;
}

/** CPU times of a process from /proc/<pid>/stat ('self' for this one). */
export function processCpu(pid: number | 'self'): ProcessCpu {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; fields resume after its closing parenthesis (field 3 on).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const field = (number: number): number => Number(fields[number - 3]);
  const micros = 1e6 / clockTicksPerSecond();
  return { selfMicros: (field(14) + field(15)) * micros, childrenMicros: (field(16) + field(17)) * micros };
}

/** A loopback port that was free a moment ago, for programs that want a port number up front. */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface BenchChild {
  pid: number;
  /** Sends a request and answers the child's reply to it. */
  call<T>(command: string, payload?: unknown): Promise<T>;
  /** Asks the child to finish ('stop'), then kills it if it lingers. */
  stop(): Promise<void>;
}

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

/**
 * Starts `scripts/bench/probes-checks/<name>.ts` and waits for its `ready` message (its value).
 * With `builtFile` (a bundled .mjs of that child) it runs that with plain node, without tsx, and
 * with VIGIL_BENCH_NODE_ARGS's options for node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to
 * profile the agent, "--perf-basic-prof" for `perf`).
 */
export async function startBenchChild<Ready>(name: string, args: readonly string[] = [], builtFile?: string): Promise<{ child: BenchChild; ready: Ready }> {
  const file = builtFile ?? fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const extra = (process.env.VIGIL_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = fork(file, [...args], { execArgv: builtFile ? extra : ['--import', 'tsx', ...extra], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  void exited.then(() => {
    for (const waiter of pending.values()) waiter.reject(new Error(`bench child ${name} exited`));
    pending.clear();
  });
  const ready = await readyOf<Ready>(proc, name);
  proc.on('message', (message: Reply) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(new Error(`${name}: ${message.error ?? 'failed'}`));
  });
  const child: BenchChild = {
    pid: proc.pid ?? 0,
    call: <T>(command: string, payload?: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        proc.send({ id, command, payload });
      }),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      await Promise.race([child.call('stop').catch(() => undefined), exited]);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return { child, ready };
}

function readyOf<Ready>(proc: ChildProcess, name: string): Promise<Ready> {
  return new Promise<Ready>((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`bench child ${name} exited (${String(code)}) before it was ready`));
    proc.once('exit', onExit);
    proc.once('message', (message: { ready?: Ready }) => {
      proc.off('exit', onExit);
      resolve(message.ready as Ready);
    });
  });
}

type Handler = (payload: unknown) => unknown;

/** The child's side: says it is ready, answers requests, and exits after 'stop' or when the parent goes. */
export function serveParent(ready: unknown, handlers: Record<string, Handler>, onStop: () => Promise<void> | void = () => undefined): void {
  const send = (message: unknown): void => void process.send?.(message);
  let stopping: Promise<void> | undefined;
  const stopOnce = (): Promise<void> => (stopping ??= Promise.resolve().then(onStop));
  process.on('message', (message: { id: number; command: string; payload: unknown }) => {
    void (async () => {
      if (message.command === 'stop') {
        await stopOnce();
        send({ id: message.id, ok: true });
        setTimeout(() => process.exit(0), 100);
        return;
      }
      const handler = handlers[message.command];
      try {
        if (!handler) throw new Error(`unknown command ${message.command}`);
        send({ id: message.id, ok: true, value: await handler(message.payload) });
      } catch (error) {
        send({ id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  process.once('disconnect', () => void stopOnce().finally(() => process.exit(0)));
  send({ ready });
}
