import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { waitFor } from './helpers/agent-harness.js';
import { type AgentProcess, resultsProduced, startAgentProcess, stopAgentProcess } from './helpers/agent-process.js';
import { tallyNode } from './helpers/node-tally.js';
import { prepareServerProcess, type ServerProcess } from './helpers/server-process.js';
import { startTcpListener, type TcpListener } from './helpers/servers.js';

/**
 * The API server process killed outright (kill -9) while a real agent process delivers to it, twice,
 * and started again on the same data: every result the agent produced is stored exactly once, and
 * the rollups count each once. (SQLite: the PostgreSQL variant needs the server's PostgreSQL port.)
 */

const TASKS = 40;
let server: ServerProcess;
let target: TcpListener;
let dataDir: string;
const agents: AgentProcess[] = [];

beforeAll(async () => {
  target = await startTcpListener();
  // Phases spread over the minute: a batch leaves the agent every second or two.
  const tasks = Array.from({ length: TASKS }, (_, index) => ({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port, name: `tcp ${index + 1}` }));
  server = await prepareServerProcess(tasks);
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-server-kill-'));
});
afterAll(async () => {
  for (const agent of agents) if (agent.alive()) agent.child.kill('SIGKILL');
  await Promise.all(agents.map((agent) => agent.exited));
  await server?.close();
  await target?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.db;

async function storedCount(): Promise<number> {
  const row = await db().selectFrom('results').select((eb) => eb.fn.countAll<number>().as('count')).where('node_id', '=', server.nodeId).executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('the API server killed with kill -9 during ingest', () => {
  it('loses nothing and stores nothing twice once it is started again on the same data', async () => {
    await server.start();
    const agent = startAgentProcess({ serverUrl: server.url, key: server.key, dataDir });
    agents.push(agent);
    await waitFor('first results stored', async () => (await storedCount()) >= 10, 90_000);

    for (const round of [1, 2]) {
      // Killed right after a delivery landed, while the next batches are on their way.
      const before = await storedCount();
      await waitFor(`a delivery before kill ${round}`, async () => (await storedCount()) > before, 90_000);
      await server.kill();
      const spooledAtKill = agent.lines.filter((line) => line.event === 'spooled').length;
      await waitFor(`batches spooled while the server is dead (${round})`, () => agent.lines.filter((line) => line.event === 'spooled').length >= spooledAtKill + 2, 90_000);
      await server.start();
      const produced = resultsProduced(agents);
      await waitFor(`what was produced before restart ${round} stored`, async () => (await storedCount()) >= produced, 90_000);
    }
    expect(agent.alive()).toBe(true);

    expect(await stopAgentProcess(agent)).toBe(0);
    const tally = await tallyNode(db(), server.nodeId, dataDir, agents);
    expect(tally).toMatchObject({ duplicates: 0, lost: 0, dropped: 0 });
    expect(tally.produced).toBeGreaterThan(0);
    // The rollups count each stored result once, task by task.
    expect(tally.rolledUpPerTask).toEqual(tally.storedPerTask);
    expect(tally.storedPerTask.size).toBe(TASKS);
  }, 600_000);
});
