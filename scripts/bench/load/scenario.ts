// One run of the load figure: real processes as deployed — loopback targets, one or more API
// servers (SQLite, or PostgreSQL shared by the instances), N probe agents each holding its own
// one-minute HTTP tasks — and console users polling the list and the overview while it all runs.
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { AgentStatus } from '../../../src/agent/agent.js';
import { loadConfig } from '../../../src/server/config.js';
import type { Db } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { openConfiguredDatabase } from '../../../src/server/db/open.js';
import { openPostgres } from '../../../src/server/db/postgres.js';
import { seedIfEmpty } from '../../../src/server/db/seed.js';
import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { bundleIfStale } from '../../build-agent.mjs';
import { startPostgresCluster, type PostgresCluster } from '../../postgres-cluster.js';
import type { LoopDelay } from '../probes-scale/server-process.js';
import { ask, childStarter, startServerChild, startTargets, stdoutLine, stopChild, type StartChild } from '../probes-scale/children.js';
import { catalogueNodeIds, createTasks } from '../probes-scale/store.js';
import { progress } from '../report.js';
import { pollAsUsers, signIn, type Polled, type UserLoad } from './console-users.js';

export interface LoadSizes extends UserLoad {
  agents: number;
  tasksPerAgent: number;
  warmUpMs: number;
  measureMs: number;
}

export interface Deployment {
  label: string;
  engine: 'sqlite' | 'postgres';
  instances: number;
}

/** What the agents and servers saw over a stretch of the run. */
export interface Watched {
  /** The agents' calls to the server that failed (timeouts, 5xx, refusals), by call. */
  agentFailedCalls: Record<string, number>;
  agentFailureSamples: string[];
  /** The servers' event-loop delay: the worst instance's p50, p99 and max. */
  loopDelay: LoopDelay;
}

export interface LoadOutcome extends Polled {
  storedPerSecond: number;
  /** While measuring. */
  window: Watched;
  /** From the agents' start until SETUP_SETTLE_MS after they all hold their tasks (registering, taking and acknowledging them), before any console user. */
  setup: Watched;
}

const ACCOUNT = 'demo01';
const PASSWORD = 'bench-pass-1';
/** How long after every agent holds its tasks the set-up stretch still runs (acknowledgements, first batches). */
const SETUP_SETTLE_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function serverEnv(dataDir: string, databaseUrl: string | undefined): Record<string, string> {
  return {
    VIGIL_DATA_DIR: dataDir,
    VIGIL_CLIENT_DIR: join(dataDir, 'no-client'),
    VIGIL_PORT: '0',
    VIGIL_HOST: '127.0.0.1',
    // VIGIL_BENCH_SERVER_LOG=<dir>: each request logged (with its time and request id) to <dir>/server-<n>.log.
    VIGIL_LOG_LEVEL: process.env.VIGIL_BENCH_SERVER_LOG ? 'info' : 'warn',
    VIGIL_SEED_PASSWORD: PASSWORD,
    // Every console user signs in to the one seeded account.
    VIGIL_MAX_SESSIONS: '1000',
    ...(databaseUrl ? { VIGIL_DATABASE_URL: databaseUrl, VIGIL_DATABASE_POOL_MAX: '10' } : {}),
  };
}

/** Seeds the database, issues a key per agent's node and creates each node's tasks; answers the keys. */
async function prepare(db: Db, env: Record<string, string>, sizes: LoadSizes, httpPort: number): Promise<string[]> {
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, loadConfig(env));
  if (!seeded) throw new Error('the bench database was not empty');
  const nodeIds = await catalogueNodeIds(db, sizes.agents);
  const keys: string[] = [];
  for (const nodeId of nodeIds) keys.push((await issueNodeKey(db, nodeId, { now: Date.now(), allowPrivateTargets: true })).key);
  const total = sizes.agents * sizes.tasksPerAgent;
  progress(`load: creating ${total} one-minute HTTP tasks, ${sizes.tasksPerAgent} on each of ${sizes.agents} nodes`);
  await createTasks({ db, now: Date.now }, seeded.customer.custId, total, (index) => ({
    type: MONITOR_TYPES.HTTP,
    name: `Load ${index}`,
    domain: '127.0.0.1',
    port: httpPort,
    otherPath: '/ok',
    frequencyMinutes: 1,
    nodeIds: [nodeIds[index % nodeIds.length] ?? 0],
  }), 'load');
  return keys;
}

async function storedCount(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as count from results`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

interface AgentWindow {
  failedCalls: Record<string, number>;
  failureSamples: string[];
}

/** Starts the window's watches: each agent's failed calls, each server's event-loop delay. */
async function startWatches(agents: readonly ChildProcess[], servers: readonly ChildProcess[]): Promise<void> {
  await Promise.all([...agents.map((agent) => ask(agent, { type: 'measure-start' })), ...servers.map((server) => ask(server, { type: 'loop-delay-start' }))]);
}

async function stopWatches(agents: readonly ChildProcess[], servers: readonly ChildProcess[]): Promise<Watched> {
  const windows = await Promise.all(agents.map((agent) => ask<AgentWindow>(agent, { type: 'measure-stop' })));
  const delays = await Promise.all(servers.map((server) => ask<LoopDelay>(server, { type: 'loop-delay-stop' })));
  const agentFailedCalls: Record<string, number> = {};
  for (const window of windows) for (const [call, count] of Object.entries(window.failedCalls)) agentFailedCalls[call] = (agentFailedCalls[call] ?? 0) + count;
  return {
    agentFailedCalls,
    agentFailureSamples: windows.flatMap((window) => window.failureSamples).slice(0, 5),
    loopDelay: {
      p50Ms: Math.max(0, ...delays.map((delay) => delay.p50Ms)),
      p99Ms: Math.max(0, ...delays.map((delay) => delay.p99Ms)),
      maxMs: Math.max(0, ...delays.map((delay) => delay.maxMs)),
    },
  };
}

async function waitForAssignments(agents: readonly ChildProcess[], tasks: number): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (const agent of agents) {
    for (;;) {
      const { status } = await ask<{ status: AgentStatus }>(agent, { type: 'status' });
      if (status.registered && status.assignments >= tasks) break;
      if (Date.now() > deadline) throw new Error(`an agent holds ${status.assignments} of ${tasks} assignments after 5 minutes`);
      await sleep(1_000);
    }
  }
}

async function startServers(start: StartChild, deployment: Deployment, envOf: (instance: number) => Record<string, string>): Promise<{ urls: string[]; servers: ChildProcess[] }> {
  const urls: string[] = [];
  const servers: ChildProcess[] = [];
  const logDir = process.env.VIGIL_BENCH_SERVER_LOG;
  for (let instance = 0; instance < deployment.instances; instance += 1) {
    const { server, url } = await startServerChild(start, envOf(instance), 120_000);
    if (logDir) server.stdout?.pipe(createWriteStream(join(logDir, `server-${instance}.log`)));
    servers.push(server);
    urls.push(url);
  }
  return { urls, servers };
}

/** One bundled agent process per key, each on its own node, alternating between the servers; answers once all started. */
async function startAgents(start: StartChild, keys: readonly string[], urls: readonly string[], dir: string): Promise<ChildProcess[]> {
  const agentEntry = 'scripts/bench/probes-scale/agent-process.ts';
  const builtAgent = await bundleIfStale(agentEntry, 'dist/bench/probes-scale-agent.mjs', ['scripts/bench/probes-scale']);
  const agents = keys.map((key, index) =>
    start(agentEntry, { BENCH_AGENT_SERVER: urls[index % urls.length] ?? '', BENCH_AGENT_KEY: key, BENCH_AGENT_DATA_DIR: join(dir, `agent-${index}`) }, builtAgent),
  );
  await Promise.all(agents.map((agent) => stdoutLine(agent, (line) => (line === 'agent started' ? line : undefined))));
  return agents;
}

export async function runLoad(sizes: LoadSizes, deployment: Deployment): Promise<LoadOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-load-'));
  const children: ChildProcess[] = [];
  let cluster: PostgresCluster | undefined;
  const start = childStarter(children);
  try {
    const ports = await startTargets(start);
    let databaseUrl: string | undefined;
    if (deployment.engine === 'postgres') {
      cluster = await startPostgresCluster();
      const admin = openPostgres({ url: cluster.urlOf('postgres'), poolMax: 1, statementTimeoutMs: 0 });
      await sql`create database vigil`.execute(admin);
      await admin.destroy();
      databaseUrl = cluster.urlOf('vigil');
    }
    const envOf = (instance: number) => serverEnv(join(dir, `server-${instance}`), databaseUrl);
    const db = openConfiguredDatabase(loadConfig(envOf(0)));
    try {
      const keys = await prepare(db, envOf(0), sizes, ports.httpPort);
      const { urls, servers } = await startServers(start, deployment, envOf);
      const agents = await startAgents(start, keys, urls, dir);
      await startWatches(agents, servers);
      await waitForAssignments(agents, sizes.tasksPerAgent);
      // The agents acknowledge what they took and deliver their first batches: still their set-up, before any console user.
      await sleep(SETUP_SETTLE_MS);
      const setup = await stopWatches(agents, servers);
      const tokens: string[] = [];
      for (let user = 0; user < sizes.users; user += 1) tokens.push(await signIn(urls[user % urls.length] ?? '', ACCOUNT, PASSWORD));
      progress(`load (${deployment.label}): ${sizes.agents} agents hold their tasks; warming up ${sizes.warmUpMs / 1000} s with ${sizes.users} console users`);
      await pollAsUsers(urls, tokens, sizes, Date.now() + sizes.warmUpMs);
      const storedBefore = await storedCount(db);
      const started = Date.now();
      progress(`load (${deployment.label}): measuring ${sizes.measureMs / 1000} s`);
      await startWatches(agents, servers);
      const polled = await pollAsUsers(urls, tokens, sizes, started + sizes.measureMs);
      const window = await stopWatches(agents, servers);
      const storedPerSecond = (await storedCount(db) - storedBefore) / ((Date.now() - started) / 1000);
      return { ...polled, setup, window, storedPerSecond };
    } finally {
      await db.destroy();
    }
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
