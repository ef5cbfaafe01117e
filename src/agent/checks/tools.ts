import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { Failure } from '../../shared/probe/results.js';
import { ipMatchOf } from '../../shared/ip.js';
import { bareHost, resolveTarget } from './target.js';

/**
 * Spawning the command-line probe tools (fping, ping, traceroute, mtr): find the binary, bound its
 * run time and output, and tell a missing tool apart from one that failed.
 */

export interface ToolRunOptions {
  /** The child is killed when it runs longer than this. */
  timeoutMs: number;
  /** Aborting kills the child. */
  signal?: AbortSignal;
  /** Per stream; output beyond it is dropped (and `truncated` set). */
  maxOutputBytes?: number;
  /** Called with each piece of standard output as it arrives (tools read while they run: MTR). */
  onStdout?: (text: string) => void;
}

export type ToolStatus = 'exited' | 'timeout' | 'aborted' | 'missing';

export interface ToolOutcome {
  status: ToolStatus;
  /** null unless the tool exited by itself. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
}

/** Runs a tool by name; injectable so a test can count spawns or simulate a missing tool. */
export type ToolRunner = (tool: string, args: readonly string[], options: ToolRunOptions) => Promise<ToolOutcome>;

const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;
/** Time a child gets to exit after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 1_000;
/** Probe tools often live in sbin, which a non-root PATH may lack (Debian's traceroute). */
const EXTRA_TOOL_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin', '/usr/local/bin', '/usr/bin', '/bin'];

const locations = new Map<string, Promise<string | null>>();

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function searchTool(name: string): Promise<string | null> {
  if (name.includes('/')) return (await isExecutable(name)) ? name : null;
  const pathDirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of [...new Set([...pathDirs, ...EXTRA_TOOL_DIRS])]) {
    const candidate = join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The absolute path of a tool, or null when this node does not have it. Cached per process. */
export function locateTool(name: string): Promise<string | null> {
  let location = locations.get(name);
  if (!location) {
    location = searchTool(name);
    locations.set(name, location);
  }
  return location;
}

class OutputCollector {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    const room = this.limit - this.bytes;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept !== chunk) this.truncated = true;
    this.chunks.push(kept);
    this.bytes += kept.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

const missing = (): ToolOutcome => ({ status: 'missing', exitCode: null, stdout: '', stderr: '', truncated: false });

function spawnCollected(path: string, args: readonly string[], options: ToolRunOptions): Promise<ToolOutcome> {
  return new Promise((resolve) => {
    const limit = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
    const stdout = new OutputCollector(limit);
    const stderr = new OutputCollector(limit);
    // A fixed locale keeps decimal points and wording stable for the parsers.
    // Its own process group, so a stop also reaches helpers it forks (mtr's mtr-packet).
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, LC_ALL: 'C', LANG: 'C' } });
    let stopReason: 'timeout' | 'aborted' | null = null;
    let killTimer: NodeJS.Timeout | undefined;
    let exitTimer: NodeJS.Timeout | undefined;
    let settled = false;

    const stop = (reason: 'timeout' | 'aborted'): void => {
      if (stopReason !== null || settled) return;
      stopReason = reason;
      killGroup(child, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child, 'SIGKILL'), KILL_GRACE_MS);
    };
    const onAbort = (): void => stop('aborted');
    const deadline = setTimeout(() => stop('timeout'), options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (outcome: ToolOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(killTimer);
      clearTimeout(exitTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout.add(chunk);
      options.onStdout?.(chunk.toString('utf8'));
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') finish(missing());
      else finish({ status: 'exited', exitCode: null, stdout: '', stderr: `${error.code ?? ''} ${error.message}`.trim(), truncated: false });
    });
    const complete = (code: number | null): void =>
      finish({
        status: stopReason ?? 'exited',
        exitCode: stopReason === null ? code : null,
        stdout: stdout.text(),
        stderr: stderr.text(),
        truncated: stdout.truncated || stderr.truncated,
      });
    child.on('close', complete);
    // A leftover grandchild may hold the pipes open; the tool's own exit is what counts.
    child.on('exit', (code) => {
      exitTimer = setTimeout(() => complete(code), KILL_GRACE_MS);
    });
  });
}

/** The real runner: finds the tool and runs it with a deadline, an abort signal and an output cap. */
export const runTool: ToolRunner = async (tool, args, options) => {
  const path = await locateTool(tool);
  if (path === null) return missing();
  if (options.signal?.aborted) return { status: 'aborted', exitCode: null, stdout: '', stderr: '', truncated: false };
  return spawnCollected(path, args, options);
};

/** The first non-empty line of a tool's complaint, for a failure's detail. */
export function firstLine(text: string): string | undefined {
  const line = text
    .split('\n')
    .map((entry) => entry.trim())
    .find((entry) => entry.length > 0);
  return line?.slice(0, 500);
}

export function toolMissingFailure(tool: string): Failure {
  return { source: 'probe', code: 'tool_missing', detail: tool };
}

/** A tool that ran but whose output could not be read. */
export function toolErrorFailure(outcome: ToolOutcome): Failure {
  const detail = firstLine(outcome.stderr) ?? firstLine(outcome.stdout) ?? `exit ${outcome.exitCode ?? 'unknown'}`;
  return { source: 'probe', code: 'tool_error', detail };
}

/** The check was cancelled through its AbortSignal (agent stopping, task removed). */
export const ABORTED_FAILURE: Failure = { source: 'probe', code: 'timeout', detail: 'aborted' };

export type ToolTarget =
  | { ok: true; ip: string; ips: string[]; ipMatched: boolean | null }
  | { ok: false; failure: Failure };

/** Resolves a tool check's host through the target guard; the tool is then given the first address. */
export async function resolveToolTarget(host: string, ctx: { allowPrivateTargets: boolean; matchingIps: readonly string[] }): Promise<ToolTarget> {
  const resolution = await resolveTarget(bareHost(host), ctx.allowPrivateTargets);
  if (!resolution.ok) return resolution;
  const ip = resolution.ips[0];
  if (ip === undefined) return { ok: false, failure: { source: 'resolver', code: 'dns_no_answer' } };
  return { ok: true, ip, ips: resolution.ips, ipMatched: ipMatchOf(resolution.ips, ctx.matchingIps) };
}
