import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LoggedLine } from './agent-harness.js';

/**
 * The real agent (src/agent/main.ts) as a child process logging at debug level, so the test can
 * count what it produced: every spooled batch is logged with its id and size.
 */

export interface AgentProcess {
  child: ChildProcess;
  lines: LoggedLine[];
  exited: Promise<number | null>;
  alive(): boolean;
  saw(event: string, match?: (line: LoggedLine) => boolean): boolean;
}

export interface AgentProcessOptions {
  serverUrl: string;
  key: string;
  dataDir: string;
  env?: Record<string, string>;
  /** Turns the command into another (e.g. `ip netns exec <ns> …`): [program, ...args]. */
  wrap?: (command: string[]) => [string, ...string[]];
}

export function startAgentProcess(options: AgentProcessOptions): AgentProcess {
  const command = [process.execPath, '--import', 'tsx', 'src/agent/main.ts', '--server', options.serverUrl, '--key', options.key, '--data-dir', options.dataDir, '--allow-private', '--log-level', 'debug'];
  const [program, ...args] = options.wrap ? options.wrap(command) : (command as [string, ...string[]]);
  const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  const lines: LoggedLine[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as LoggedLine);
    } catch {
      lines.push({ event: 'unparsed', line });
    }
  });
  createInterface({ input: child.stderr }).on('line', (line) => lines.push({ event: 'stderr', line }));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    saw: (event, match = () => true) => lines.some((line) => line.event === event && match(line)),
  };
}

/** Results the agents spooled, by their own logs (a batch counted once however often it was logged). */
export function resultsProduced(agents: readonly AgentProcess[]): number {
  const batches = new Map<string, number>();
  for (const line of agents.flatMap((agent) => agent.lines)) {
    if (line.event === 'spooled') batches.set(String(line.batchId), Number(line.results));
  }
  return [...batches.values()].reduce((sum, results) => sum + results, 0);
}

/**
 * Results waiting in a spool directory that the server does not have, by the counts the batch file
 * names carry. A batch whose call was cut off by the agent's stop may be stored already: it waits
 * for a resend the server will recognise, so it is not counted twice.
 */
export function resultsInSpool(dataDir: string, storedBatchIds: ReadonlySet<string> = new Set()): number {
  let waiting = 0;
  for (const { batchId, count } of spoolFiles(dataDir)) if (!storedBatchIds.has(batchId)) waiting += count;
  return waiting;
}

/** The ids of the batches waiting in a spool directory. */
export function spooledBatches(dataDir: string): string[] {
  return spoolFiles(dataDir).map((file) => file.batchId);
}

function spoolFiles(dataDir: string): { batchId: string; count: number }[] {
  return readdirSync(join(dataDir, 'spool')).flatMap((name) => {
    const [, batchId = '', count] = /^\d{16}-([\w-]+?)-r(\d+)\.json$/.exec(name) ?? [];
    return count === undefined ? [] : [{ batchId, count: Number(count) }];
  });
}

/** Stops the agent as an operator would (SIGTERM: results in memory are spooled first). */
export async function stopAgentProcess(agent: AgentProcess): Promise<number | null> {
  if (agent.alive()) agent.child.kill('SIGTERM');
  return agent.exited;
}
