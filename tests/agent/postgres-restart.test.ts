import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../../scripts/postgres-cluster.js';
import { openPostgres } from '../../src/server/db/postgres.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { waitFor } from './helpers/agent-harness.js';
import { type AgentProcess, resultsProduced, startAgentProcess, stopAgentProcess } from './helpers/agent-process.js';
import { tallyNode } from './helpers/node-tally.js';
import { prepareServerProcess, type ServerProcess } from './helpers/server-process.js';
import { startTcpListener, type TcpListener } from './helpers/servers.js';

/**
 * PostgreSQL restarted (fast shutdown: sessions cut, transactions under way rolled back) while a real API server process
 * on it takes a real agent process's results: the server's pool reconnects, the agent's spool
 * resends, and every result the agent produced is stored exactly once. Runs on a throw-away cluster
 * of its own (scripts/postgres-cluster.ts); skipped where PostgreSQL is not installed.
 */

const TASKS = 30;
let cluster: PostgresCluster | undefined;
let server: ServerProcess | undefined;
let target: TcpListener | undefined;
let dataDir: string | undefined;
const agents: AgentProcess[] = [];

afterAll(async () => {
  for (const agent of agents) if (agent.alive()) agent.child.kill('SIGKILL');
  await Promise.all(agents.map((agent) => agent.exited));
  await server?.close();
  cluster?.stop();
  await target?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function startCluster(): Promise<PostgresCluster | undefined> {
  try {
    return await startPostgresCluster();
  } catch {
    return undefined;
  }
}

describe('PostgreSQL restarted during ingest', () => {
  it('loses nothing and stores nothing twice', async (context) => {
    cluster = await startCluster();
    if (!cluster) return context.skip('PostgreSQL is not installed here');
    const admin = openPostgres({ url: cluster.urlOf('postgres'), poolMax: 1, statementTimeoutMs: 0 });
    await sql`create database vigil_fault`.execute(admin);
    await admin.destroy();
    target = await startTcpListener();
    const tasks = Array.from({ length: TASKS }, (_, index) => ({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target?.port, name: `tcp ${index + 1}` }));
    const running = await prepareServerProcess(tasks, { databaseUrl: cluster.urlOf('vigil_fault') });
    server = running;
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-pg-restart-'));
    const url = cluster.urlOf('vigil_fault');
    // The test's own reader, closed over the restart so no connection of it dies under a query.
    let reader = openPostgres({ url, poolMax: 2, statementTimeoutMs: 0 });
    const storedCount = async () =>
      Number((await reader.selectFrom('results').select((eb) => eb.fn.countAll<number>().as('n')).where('node_id', '=', running.nodeId).executeTakeFirstOrThrow()).n);

    await running.start();
    const agent = startAgentProcess({ serverUrl: running.url, key: running.key, dataDir });
    agents.push(agent);
    await waitFor('first results stored', async () => (await storedCount()) >= 10, 90_000);
    const before = await storedCount();
    await waitFor('a delivery before the restart', async () => (await storedCount()) > before, 90_000);
    await reader.destroy();
    await running.db.destroy();
    cluster.restart();
    reader = openPostgres({ url, poolMax: 2, statementTimeoutMs: 0 });
    const produced = resultsProduced(agents);
    await waitFor('what was produced before the restart stored', async () => (await storedCount()) >= produced, 120_000);
    expect(agent.alive()).toBe(true);

    expect(await stopAgentProcess(agent)).toBe(0);
    const tally = await tallyNode(reader, running.nodeId, dataDir, agents);
    expect(tally).toMatchObject({ duplicates: 0, lost: 0, dropped: 0 });
    expect(tally.rolledUpPerTask).toEqual(tally.storedPerTask);
    await reader.destroy();
  }, 600_000);
});
