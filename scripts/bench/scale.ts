// CPU per check all-in (issue 14): 1,000 HTTP tasks at one minute on the Local agent (16.7
// checks/s), the agent and the API server each in its own process as deployed, against a loopback
// HTTP target in a third. Over a window after warm-up: both processes' utime+stime (idle cost
// included) ÷ results stored in that window, their summed RSS, and the delivery latency of a result
// (its start → the server's answer that it is stored, as the agent hears it: an upper bound).
// VIGIL_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles both processes.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { AgentStatus } from '../../src/agent/agent.js';
import { DB_FILE_NAME } from '../../src/server/db/connection.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { AGENT_NODE_OPTIONS, bundleIfStale } from '../build-agent.mjs';
import { progress, wants, type BenchOptions, type Figure } from './report.js';
import type { LatenessSummary } from './probes-scale/agent-process.js';
import { prepareServer, serverEnv, waitForAssignments } from './probes-scale/agent-load.js';
import { ask, childStarter, cpuTimes, rssMb, startServerChild, startTargets, stdoutLine, stopChild, type ServerVariant, type StartChild } from './probes-scale/children.js';

export const TASKS = 1_000;
/**
 * First runs spread over 5 s, then each task's first run on its phase within the next minute.
 * VIGIL_BENCH_SCALE_WARM_UP_S lengthens it: V8 still compiles the agent's code for minutes (its
 * optimizing compiler was a fifth of the agent's samples 150-210 s after start, 2-5 % after 300 s),
 * and a longer warm-up reads the steady state of an agent that runs for days.
 */
const WARM_UP_MS = Number(process.env.VIGIL_BENCH_SCALE_WARM_UP_S ?? 80) * 1000;
const FULL_WINDOW_MS = 240_000;
const QUICK_WINDOW_MS = 90_000;
const SAMPLE_MS = 1_000;
/** The socket floor's window, within the warm-up (its own 5 s warm-up first). */
const FLOOR_WINDOW_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Parties {
  agent: ChildProcess;
  server: ChildProcess;
  dbFile: string;
}

interface CpuUse {
  user: number;
  system: number;
}

/** What socket-floor-process.ts answers: its checks' CPU (seconds) and an idle wake-up's (µs). */
type FloorReport = CpuUse & { checks: number; wakeUpUs: number };

interface Window {
  /** The bare socket work of the same checks in a process of its own (socket-floor-process.ts). */
  floor: FloorReport;
  agent: CpuUse;
  server: CpuUse;
  stored: number;
  seconds: number;
  peakRssMb: number;
  delivery: LatenessSummary;
  lateness: LatenessSummary;
  skipped: number;
}

/** Results in the server's database, read through a read-only connection of the bench's own. */
export function storedResults(dbFile: string): number {
  const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select count(*) as n from results').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const used = (before: CpuUse, after: CpuUse): CpuUse => ({ user: after.user - before.user, system: after.system - before.system });
const total = (use: CpuUse) => use.user + use.system;

async function measureWindow({ agent: agentChild, server: serverChild, dbFile }: Parties, windowMs: number): Promise<Omit<Window, 'floor'>> {
  const pids = { agent: agentChild.pid ?? 0, server: serverChild.pid ?? 0 };
  const before = (await ask<{ status: AgentStatus }>(agentChild, { type: 'status' })).status;
  await ask(agentChild, { type: 'measure-start' });
  const storedBefore = storedResults(dbFile);
  const cpuBefore = { agent: cpuTimes(pids.agent), server: cpuTimes(pids.server) };
  const started = process.hrtime.bigint();
  let peakRssMb = 0;
  for (let waited = 0; waited < windowMs; waited += SAMPLE_MS) {
    await sleep(SAMPLE_MS);
    peakRssMb = Math.max(peakRssMb, rssMb(pids.agent) + rssMb(pids.server));
  }
  const agent = used(cpuBefore.agent, cpuTimes(pids.agent));
  const server = used(cpuBefore.server, cpuTimes(pids.server));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const stored = storedResults(dbFile) - storedBefore;
  const stop = await ask<{ lateness: LatenessSummary; delivery: LatenessSummary; status: AgentStatus }>(agentChild, { type: 'measure-stop' });
  return { agent, server, stored, seconds, peakRssMb, delivery: stop.delivery, lateness: stop.lateness, skipped: stop.status.checksSkipped - before.checksSkipped };
}

function figuresOf(window: Window): Figure[] {
  const perCheck = (cpuS: number) => (window.stored > 0 ? (cpuS * 1000) / window.stored : Number.POSITIVE_INFINITY);
  const name = 'scale.cpu_per_check_1k_tasks_1min';
  return [
    { name, value: perCheck(total(window.agent) + total(window.server)), unit: 'ms CPU per stored result', target: '≤ 0.4', better: 'lower' },
    { name: `${name}.agent`, value: perCheck(total(window.agent)), unit: 'ms CPU per stored result', target: null, better: 'lower' },
    { name: `${name}.server`, value: perCheck(total(window.server)), unit: 'ms CPU per stored result', target: null, better: 'lower' },
    {
      name: 'scale.socket_floor_per_check',
      value: window.floor.checks > 0 ? (total(window.floor) * 1000) / window.floor.checks : Number.POSITIVE_INFINITY,
      unit: 'ms CPU per check (connect, GET, close alone; what the agent cannot go below)',
      target: null,
      better: 'lower',
    },
    {
      name: 'scale.idle_wake_up_cpu_us',
      value: window.floor.wakeUpUs,
      unit: 'µs CPU per timer wake-up of an idle node process (what this machine charges a wake-up; moves with the host)',
      target: null,
      better: 'lower',
    },
    { name: 'scale.rss_mb_1k_tasks', value: window.peakRssMb, unit: 'MB (server + agent, peak)', target: '≤ 250', better: 'lower' },
    { name: 'scale.delivery_latency_p95_1k_tasks', value: window.delivery.p95 / 1000, unit: 's (start → stored)', target: '≤ 5', better: 'lower' },
  ];
}

/** One HTTP GET of the loopback target per task, every minute. */
const httpTask = (httpPort: number) => (nodeId: number) => (index: number) => ({
  type: MONITOR_TYPES.HTTP,
  name: `Loopback HTTP ${index}`,
  domain: '127.0.0.1',
  port: httpPort,
  otherPath: '/ok',
  frequencyMinutes: 1,
  nodeIds: [nodeId],
});

/** Measures the socket floor during the warm-up, in its own process (bundled, plain node, as the agent). */
async function startSocketFloor(start: StartChild, httpPort: number): Promise<ChildProcess> {
  const entry = 'scripts/bench/probes-scale/socket-floor-process.ts';
  const built = await bundleIfStale(entry, 'dist/bench/socket-floor.mjs', [entry]);
  return start(entry, { BENCH_FLOOR_PORT: String(httpPort), BENCH_FLOOR_WINDOW_MS: String(FLOOR_WINDOW_MS) }, built);
}

/** How a stack may differ from the bench's own (scripts/bench/scale-side-by-side.ts). */
export interface StackVariant {
  tasks?: number;
  /** Names the tasks in the progress line. */
  what?: string;
  server?: ServerVariant;
  /** Node options after AGENT_NODE_OPTIONS. */
  agentOptions?: readonly string[];
  /** The agent's batch interval instead of BATCH_FLUSH_MS. */
  agentFlushMs?: number;
}

/** An API server in `dir` holding one-minute HTTP tasks on the loopback target, and the bundled agent of its Local node, started. */
export async function startStack(start: StartChild, dir: string, httpPort: number, variant: StackVariant = {}): Promise<Parties> {
  const serverDir = join(dir, 'server');
  const key = await prepareServer(serverDir, variant.tasks ?? TASKS, httpTask(httpPort), variant.what ?? 'one-minute HTTP tasks');
  const { server, url } = await startServerChild(start, serverEnv(serverDir), undefined, variant.server);
  const agentEntry = 'scripts/bench/probes-scale/agent-process.ts';
  const builtAgent = await bundleIfStale(agentEntry, 'dist/bench/probes-scale-agent.mjs', ['scripts/bench/probes-scale']);
  const flush: Record<string, string> = variant.agentFlushMs ? { BENCH_AGENT_FLUSH_MS: String(variant.agentFlushMs) } : {};
  const agentEnv = { BENCH_AGENT_SERVER: url, BENCH_AGENT_KEY: key, BENCH_AGENT_DATA_DIR: join(dir, 'agent'), ...flush };
  const agent = start(agentEntry, agentEnv, builtAgent, [...AGENT_NODE_OPTIONS, ...(variant.agentOptions ?? [])]);
  await stdoutLine(agent, (line) => (line === 'agent started' ? line : undefined));
  return { agent, server, dbFile: join(serverDir, DB_FILE_NAME) };
}

async function runScale(tasks: number, windowMs: number, dir: string, children: ChildProcess[]): Promise<Window> {
  const start = childStarter(children);
  const ports = await startTargets(start);
  const floorChild = await startSocketFloor(start, ports.httpPort);
  const floor = ask<FloorReport>(floorChild, { type: 'floor' }, FLOOR_WINDOW_MS * 4);
  const { agent, server, dbFile } = await startStack(start, dir, ports.httpPort, { tasks, what: 'one-minute HTTP tasks on loopback' });
  await waitForAssignments(agent, tasks);
  progress(`scale: agent holds ${tasks} assignments; warming up ${WARM_UP_MS / 1000} s, then measuring ${windowMs / 1000} s`);
  await sleep(WARM_UP_MS);
  const floorUse = await floor;
  const window = { ...(await measureWindow({ agent, server, dbFile }, windowMs)), floor: floorUse };
  await stopChild(agent);
  await stopChild(server);
  return window;
}

const cpuText = (use: CpuUse) => `${total(use).toFixed(2)} s (user ${use.user.toFixed(2)}, system ${use.system.toFixed(2)})`;

export async function scaleFigures(options: BenchOptions): Promise<Figure[]> {
  if (!wants(options, 'scale')) return [];
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-scale-'));
  const children: ChildProcess[] = [];
  try {
    const window = await runScale(TASKS, options.quick ? QUICK_WINDOW_MS : FULL_WINDOW_MS, dir, children);
    progress(
      `scale: ${window.stored} results stored in ${window.seconds.toFixed(0)} s (${(window.stored / window.seconds).toFixed(1)}/s), ${window.skipped} skipped; ` +
        `CPU agent ${cpuText(window.agent)}, server ${cpuText(window.server)}; ` +
        `socket floor ${cpuText(window.floor)} for ${window.floor.checks} checks; ` +
        `delivery p50 ${window.delivery.p50} ms, p95 ${window.delivery.p95} ms, max ${window.delivery.max} ms; lateness p99 ${window.lateness.p99} ms`,
    );
    return figuresOf(window);
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(dir, { recursive: true, force: true });
  }
}
