import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NodeListAnswer } from '../../src/shared/calls/nodes.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { createHarness, type Harness, waitFor } from './helpers/agent-harness.js';
import { type AgentProcess, resultsInSpool, resultsProduced, startAgentProcess, stopAgentProcess } from './helpers/agent-process.js';
import { startTcpListener, type TcpListener } from './helpers/servers.js';

/**
 * The agent process with a spool cap of a few kilobytes (VIGIL_AGENT_SPOOL_MAX_MB) and its server
 * away: the oldest batches go, their results are counted, and once the server is back the count
 * reaches the node and the nodes list. Every result the agent produced is stored, counted as
 * dropped or still spooled: none is lost without a count and none is stored twice.
 */

let harness: Harness;
let target: TcpListener;
let dataDir: string;
const agents: AgentProcess[] = [];

beforeEach(async () => {
  harness = await createHarness();
  target = await startTcpListener();
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-agent-cap-'));
});
afterEach(async () => {
  for (const agent of agents) if (agent.alive()) agent.child.kill('SIGKILL');
  await Promise.all(agents.map((agent) => agent.exited));
  await harness.close();
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const droppedFile = () => join(dataDir, 'spool', 'dropped.json');
const droppedInSpool = () => (existsSync(droppedFile()) ? Number(JSON.parse(readFileSync(droppedFile(), 'utf8'))) : 0);

async function nodeResults(): Promise<{ stored: number; distinct: number; dropped: number }> {
  const rows = await harness.server.db.selectFrom('results').select(['task_id', 'ts']).where('node_id', '=', harness.nodeId).execute();
  const node = await harness.server.db.selectFrom('nodes').select('results_dropped').where('id', '=', harness.nodeId).executeTakeFirstOrThrow();
  return { stored: rows.length, distinct: new Set(rows.map((row) => `${row.task_id}/${row.ts}`)).size, dropped: node.results_dropped };
}

describe('an agent whose spool reaches its cap', () => {
  it('drops the oldest results, counts them, and the nodes list shows the count once the server is back', async () => {
    // Phases spread over the minute: some check runs every few seconds.
    for (let serial = 1; serial <= 30; serial += 1) {
      await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port, name: `tcp ${serial}` });
    }
    const agent = startAgentProcess({ serverUrl: harness.url, key: harness.key, dataDir, env: { VIGIL_AGENT_SPOOL_MAX_MB: '0.002' } });
    agents.push(agent);
    await waitFor('first results stored', async () => (await nodeResults()).stored >= 1, 90_000);

    await harness.kill();
    await waitFor('the spool over its cap dropping results', () => droppedInSpool() >= 3, 120_000);
    expect(agent.alive()).toBe(true);
    await harness.revive();
    await waitFor('the drop count delivered', async () => droppedInSpool() === 0 && (await nodeResults()).dropped >= 3, 60_000);

    expect(await stopAgentProcess(agent)).toBe(0);
    const { stored, distinct, dropped } = await nodeResults();
    expect(distinct).toBe(stored);
    const batches = await harness.server.db.selectFrom('result_batches').select('batch_id').where('node_id', '=', harness.nodeId).execute();
    const waiting = resultsInSpool(dataDir, new Set(batches.map((batch) => batch.batch_id)));
    expect(stored + dropped + waiting).toBe(resultsProduced(agents));

    const token = await harness.server.login();
    const { country } = await harness.server.db.selectFrom('nodes').select('country').where('id', '=', harness.nodeId).executeTakeFirstOrThrow();
    const answer = await harness.server.call('/nodes/list', { token, body: { country, page: 1, pageSize: 100 } });
    const listed = NodeListAnswer.parse(answer.json().data).list.find((node) => node.id === harness.nodeId);
    expect(listed?.resultsDropped).toBe(dropped);
    expect(listed?.resultsDroppedAt).not.toBeNull();
  }, 300_000);
});
