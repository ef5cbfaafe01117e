// One agent with many one-minute tasks on loopback targets: its CPU, memory and schedule lateness.
// The targets, the API server and the agent each run in their own process; the agent is the
// product's startAgent with default options (real minute, real heartbeat, default concurrency).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentStatus } from '../../../src/agent/agent.js';
import { loadConfig } from '../../../src/server/config.js';
import { DB_FILE_NAME, openDatabase, type Db } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../../src/server/db/seed.js';
import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { AGENT_NODE_OPTIONS, bundleIfStale } from '../../build-agent.mjs';
import { progress, type BenchOptions, type Figure } from '../report.js';
import type { LatenessSummary } from './agent-process.js';
import { ask, childStarter, cpuSeconds, rssMb, startServerChild, startTargets, stdoutLine, stopChild } from './children.js';
import { createTasks } from './store.js';

interface Sizes {
  tasks: number;
  warmUpMs: number;
  measureMs: number;
}

const FULL: Sizes = { tasks: 10_000, warmUpMs: 60_000, measureMs: 120_000 };
const QUICK: Sizes = { tasks: 1_000, warmUpMs: 30_000, measureMs: 60_000 };
const SAMPLE_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Half TCP connects, half HTTP GETs, all against the loopback targets, every minute. */
function loopbackTask(ports: { tcpPort: number; httpPort: number }, nodeId: number) {
  return (index: number): TaskInput => {
    const base = { name: `Loopback ${index}`, domain: '127.0.0.1', frequencyMinutes: 1, nodeIds: [nodeId] };
    return index % 2 === 0
      ? { ...base, type: MONITOR_TYPES.TCP, port: ports.tcpPort }
      : { ...base, type: MONITOR_TYPES.HTTP, port: ports.httpPort, otherPath: '/ok' };
  };
}

/**
 * Seeds the server's database, issues the Local node's key (private targets allowed) and creates
 * `tasks` tasks through the task service; answers the key.
 */
export async function prepareServer(dataDir: string, tasks: number, taskOf: (nodeId: number) => (index: number) => TaskInput, what: string): Promise<string> {
  const db = openDatabase(join(dataDir, DB_FILE_NAME));
  try {
    await migrateToLatest(db);
    const seeded = await seedIfEmpty(db, loadConfig(serverEnv(dataDir)));
    if (!seeded) throw new Error('the bench database was not empty');
    const local = await db.selectFrom('nodes').select('id').where('slug', '=', 'local').executeTakeFirstOrThrow();
    const { key } = await issueNodeKey(db, local.id, { now: Date.now(), allowPrivateTargets: true });
    progress(`creating ${tasks} ${what} through the task service`);
    await createTasks({ db, now: Date.now }, seeded.customer.custId, tasks, taskOf(local.id), 'tasks');
    return key;
  } finally {
    await db.destroy();
  }
}

export function serverEnv(dataDir: string): Record<string, string> {
  return { VIGIL_DATA_DIR: dataDir, VIGIL_CLIENT_DIR: join(dataDir, 'no-client'), VIGIL_PORT: '0', VIGIL_HOST: '127.0.0.1', VIGIL_LOG_LEVEL: 'warn' };
}

export async function waitForAssignments(agent: ChildProcess, tasks: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { status } = await ask<{ status: AgentStatus }>(agent, { type: 'status' });
    if (status.registered && status.assignments >= tasks) return;
    if (Date.now() > deadline) throw new Error(`agent holds ${status.assignments} of ${tasks} assignments after 3 minutes`);
    await sleep(500);
  }
}

interface Measured {
  cpuPercent: number;
  peakRssMb: number;
  lateness: LatenessSummary;
  checksPerSecond: number;
  delivered: number;
  skipped: number;
}

async function measure(agent: ChildProcess, measureMs: number): Promise<Measured> {
  const pid = agent.pid ?? 0;
  const before = (await ask<{ status: AgentStatus }>(agent, { type: 'status' })).status;
  await ask(agent, { type: 'measure-start' });
  const cpuBefore = cpuSeconds(pid);
  const started = process.hrtime.bigint();
  let peakRssMb = rssMb(pid);
  for (let waited = 0; waited < measureMs; waited += SAMPLE_MS) {
    await sleep(SAMPLE_MS);
    peakRssMb = Math.max(peakRssMb, rssMb(pid));
  }
  const cpu = cpuSeconds(pid) - cpuBefore;
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const { lateness, status } = await ask<{ lateness: LatenessSummary; status: AgentStatus }>(agent, { type: 'measure-stop' });
  return {
    cpuPercent: (cpu / elapsed) * 100,
    peakRssMb,
    lateness,
    checksPerSecond: (status.resultsSpooled - before.resultsSpooled) / elapsed,
    delivered: status.resultsDelivered - before.resultsDelivered,
    skipped: status.checksSkipped - before.checksSkipped,
  };
}

/** Stored results and how many succeeded, read once the server has stopped. */
async function storedResults(dataDir: string): Promise<{ total: number; ok: number }> {
  const db: Db = openDatabase(join(dataDir, DB_FILE_NAME));
  try {
    const row = await db
      .selectFrom('results')
      .select(({ fn }) => [fn.countAll<number>().as('total'), fn.sum<number>('ok').as('ok')])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), ok: Number(row.ok ?? 0) };
  } finally {
    await db.destroy();
  }
}

function figuresOf(sizes: Sizes, measured: Measured): Figure[] {
  const prefix = `probes.agent_${sizes.tasks / 1000}k_tasks`;
  return [
    { name: `${prefix}.cpu`, value: measured.cpuPercent, unit: '% of one core', target: '≤ 50', better: 'lower' },
    { name: `${prefix}.rss`, value: measured.peakRssMb, unit: 'MB', target: '≤ 150', better: 'lower' },
    { name: `${prefix}.schedule_lateness_p99`, value: measured.lateness.p99, unit: 'ms', target: '≤ 100', better: 'lower' },
    { name: `${prefix}.checks_per_s`, value: measured.checksPerSecond, unit: 'checks/s', target: null, better: 'higher' },
  ];
}

export async function agentLoadFigures(options: BenchOptions): Promise<Figure[]> {
  const sizes = options.quick ? QUICK : FULL;
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-agent-'));
  const serverDir = join(dir, 'server');
  const children: ChildProcess[] = [];
  const start = childStarter(children);
  try {
    const ports = await startTargets(start);
    const key = await prepareServer(serverDir, sizes.tasks, (nodeId) => loopbackTask(ports, nodeId), 'one-minute tasks (TCP and HTTP on loopback)');
    const { server, url } = await startServerChild(start, serverEnv(serverDir));
    const agentEntry = 'scripts/bench/probes-scale/agent-process.ts';
    // Bundled like the product's agent (scripts/build-agent.mjs) and run by plain node, as deployed.
    const builtAgent = await bundleIfStale(agentEntry, 'dist/bench/probes-scale-agent.mjs', ['scripts/bench/probes-scale']);
    const agent = start(agentEntry, { BENCH_AGENT_SERVER: url, BENCH_AGENT_KEY: key, BENCH_AGENT_DATA_DIR: join(dir, 'agent') }, builtAgent, AGENT_NODE_OPTIONS);
    await stdoutLine(agent, (line) => (line === 'agent started' ? line : undefined));
    await waitForAssignments(agent, sizes.tasks);
    const quick = options.quick ? ' (quick size)' : '';
    progress(`agent: holds ${sizes.tasks} assignments; warming up ${sizes.warmUpMs / 1000} s, then measuring ${sizes.measureMs / 1000} s${quick}`);
    await sleep(sizes.warmUpMs);
    const measured = await measure(agent, sizes.measureMs);
    await stopChild(agent);
    await stopChild(server);
    const stored = await storedResults(serverDir);
    progress(
      `agent: ${measured.checksPerSecond.toFixed(1)} checks/s in the window, ${measured.skipped} skipped, ${measured.delivered} results delivered; ` +
        `lateness p50 ${measured.lateness.p50} ms, max ${measured.lateness.max} ms over ${measured.lateness.samples} runs; ` +
        `server stored ${stored.total} results, ${stored.ok} ok`,
    );
    return figuresOf(sizes, measured);
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(dir, { recursive: true, force: true });
  }
}
