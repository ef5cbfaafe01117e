import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../../../scripts/postgres-cluster.js';
import type { Db } from '../../../src/server/db/connection.js';
import { openPostgres } from '../../../src/server/db/postgres.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { waitFor } from './agent-harness.js';
import { type AgentProcess, resultsProduced, startAgentProcess, stopAgentProcess } from './agent-process.js';
import { type Balancer, startBalancer } from './balancer.js';
import type { TestNamespace } from './netns.js';
import { type NodeTally, tallyNode, tallyText } from './node-tally.js';
import { prepareServerInstances, type ServerProcess } from './server-process.js';
import { startTcpListener } from './servers.js';

/**
 * Fault scenes on PostgreSQL: a throw-away cluster of the test file's own, a database per scene, N
 * real API server processes on it (`VIGIL_DATABASE_URL`), behind a test load balancer when there are
 * several (or when the agent runs in a namespace of the test's own), and a real agent process
 * delivering to them. `undefined` where PostgreSQL is not installed.
 */

export interface FaultScene {
  pg: PostgresCluster;
  instances: ServerProcess[];
  /** In front of several instances, or relaying from a namespace; absent, the agent calls the one instance itself. */
  balancer?: Balancer;
  agent: AgentProcess;
  dataDir: string;
  nodeId: number;
  /** The test's own reader; `disconnect` closes it over a PostgreSQL restart, so none of its connections dies under a query. */
  reader: Db;
  disconnect(): Promise<void>;
  reconnect(): void;
  storedCount(): Promise<number>;
  /** Batches the agent has spooled so far (each is logged once, with its id). */
  spooledCount(): number;
}

export interface SceneOptions {
  database: string;
  instances: number;
  tasks: number;
  /** The agent runs in this namespace; its targets and the balancer listen on the namespace's host end. */
  namespace?: TestNamespace;
}

export interface Settled {
  tally: NodeTally;
  /** Whether the agent was still running when stopped (no fault may end it). */
  agentSurvived: boolean;
  agentExitCode: number | null;
}

export interface PostgresFaults {
  /** The cluster, started at the first call; undefined where PostgreSQL is not installed. */
  cluster(): Promise<PostgresCluster | undefined>;
  scene(options: SceneOptions): Promise<FaultScene | undefined>;
  /** Waits until what the agent produced is stored, stops the agent (SIGTERM) and tallies. */
  settle(scene: FaultScene): Promise<Settled>;
  /** Stops everything the scenes started. */
  close(): Promise<void>;
}

/** The agent's warnings and errors and each instance's last lines: what a failed wait cannot show again. */
export function complaintsOf(scene: FaultScene): string {
  const agent = scene.agent.lines.filter((line) => !['spooled', 'call', 'registered', 'starting'].includes(line.event)).slice(-15);
  const servers = scene.instances.map((instance, index) => `instance ${index}: ${instance.output.slice(-5).join(' | ')}`);
  return [`the agent's last complaints:`, ...agent.map((line) => JSON.stringify(line)), ...servers].join('\n');
}

/** Waits for the condition; on timeout the error carries the tally so far and the complaints. */
export async function waitInScene(scene: FaultScene, description: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  await waitFor(description, condition, timeoutMs).catch(async (error: unknown) => {
    const tally = await tallyNode(scene.reader, scene.nodeId, scene.dataDir, [scene.agent]);
    throw new Error(`${(error as Error).message}: ${tallyText(tally)}\n${complaintsOf(scene)}`, { cause: error });
  });
}

export function postgresFaults(): PostgresFaults {
  let cluster: Promise<PostgresCluster | undefined> | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];
  const readers = new Set<Db>();

  /** The database, the loopback target, the instances (started) and the balancer in front of them. */
  async function startServers(pg: PostgresCluster, options: SceneOptions, host: string): Promise<{ instances: ServerProcess[]; balancer?: Balancer }> {
    const admin = openPostgres({ url: pg.urlOf('postgres'), poolMax: 1, statementTimeoutMs: 0 });
    await sql`create database ${sql.id(options.database)}`.execute(admin);
    await admin.destroy();
    const target = await startTcpListener(host);
    cleanups.push(() => target.close());
    const tasks = Array.from({ length: options.tasks }, (_, index) => ({ type: MONITOR_TYPES.TCP, domain: host, port: target.port, name: `tcp ${index + 1}` }));
    const instances = await prepareServerInstances(tasks, { databaseUrl: pg.urlOf(options.database), count: options.instances });
    for (const instance of instances) cleanups.push(() => instance.close());
    // The preparing pool is not the test's reader: nothing of the test's but `reader` stays connected.
    await instances[0]?.db.destroy();
    await Promise.all(instances.map((instance) => instance.start()));
    if (instances.length === 1 && !options.namespace) return { instances };
    const balancer = await startBalancer(instances.map((instance) => Number(new URL(instance.url).port)), host);
    cleanups.push(() => balancer.close());
    return { instances, balancer };
  }

  function startAgent(serverUrl: string, key: string, namespace: TestNamespace | undefined): { agent: AgentProcess; dataDir: string } {
    const dataDir = mkdtempSync(join(tmpdir(), 'vigil-pg-fault-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const wrap = namespace ? { wrap: (command: string[]): [string, ...string[]] => ['ip', ...namespace.execArgs(command)] } : {};
    const agent = startAgentProcess({ serverUrl, key, dataDir, ...wrap });
    cleanups.unshift(async () => {
      if (agent.alive()) agent.child.kill('SIGKILL');
      await agent.exited;
    });
    return { agent, dataDir };
  }

  async function build(pg: PostgresCluster, options: SceneOptions): Promise<FaultScene> {
    const { instances, balancer } = await startServers(pg, options, options.namespace?.hostIp ?? '127.0.0.1');
    const [first] = instances as [ServerProcess];
    const { agent, dataDir } = startAgent(balancer?.url ?? first.url, first.key, options.namespace);
    const open = (): Db => {
      const reader = openPostgres({ url: pg.urlOf(options.database), poolMax: 2, statementTimeoutMs: 0 });
      readers.add(reader);
      return reader;
    };
    const { nodeId } = first;
    const scene: FaultScene = {
      pg,
      instances,
      ...(balancer ? { balancer } : {}),
      agent,
      dataDir,
      nodeId,
      reader: open(),
      disconnect: async () => {
        readers.delete(scene.reader);
        await scene.reader.destroy();
      },
      reconnect: () => {
        scene.reader = open();
      },
      storedCount: async () => {
        const row = await scene.reader.selectFrom('results').select((eb) => eb.fn.countAll<number>().as('n')).where('node_id', '=', nodeId).executeTakeFirstOrThrow();
        return Number(row.n);
      },
      spooledCount: () => agent.lines.filter((line) => line.event === 'spooled').length,
    };
    return scene;
  }

  const theCluster = (): Promise<PostgresCluster | undefined> => {
    cluster ??= startPostgresCluster().catch(() => undefined);
    return cluster;
  };

  return {
    cluster: theCluster,
    async scene(options) {
      const pg = await theCluster();
      if (!pg) return undefined;
      const scene = await build(pg, options);
      await waitInScene(scene, 'first results stored', async () => (await scene.storedCount()) >= Math.min(5, options.tasks), 120_000);
      const before = await scene.storedCount();
      await waitInScene(scene, 'a delivery just landed', async () => (await scene.storedCount()) > before, 120_000);
      return scene;
    },
    async settle(scene) {
      const produced = resultsProduced([scene.agent]);
      await waitInScene(scene, `the ${produced} results produced so far stored`, async () => (await scene.storedCount()) >= produced, 120_000);
      const agentSurvived = scene.agent.alive();
      const agentExitCode = await stopAgentProcess(scene.agent);
      const tally = await tallyNode(scene.reader, scene.nodeId, scene.dataDir, [scene.agent]);
      return { tally, agentSurvived, agentExitCode };
    },
    async close() {
      for (const cleanup of cleanups) await cleanup();
      for (const reader of readers) await reader.destroy();
      (await cluster)?.stop();
    },
  };
}

/**
 * Every result the agent produced is stored once or still waits in its spool (its last flush on
 * stopping), none twice, none dropped; the minute rollups count each stored result once, task by
 * task; and no fault ended the agent.
 */
export function expectEveryResultOnce({ tally, agentSurvived, agentExitCode }: Settled): void {
  const text = tallyText(tally);
  expect({ agentSurvived, agentExitCode }, text).toEqual({ agentSurvived: true, agentExitCode: 0 });
  expect(tally.produced, text).toBeGreaterThan(0);
  expect({ storedOrWaiting: tally.stored + tally.waiting, duplicates: tally.duplicates, lost: tally.lost, dropped: tally.dropped }, text).toEqual({
    storedOrWaiting: tally.produced,
    duplicates: 0,
    lost: 0,
    dropped: 0,
  });
  expect(tally.rolledUpPerTask).toEqual(tally.storedPerTask);
}
