import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAgent, type AgentHandle } from '../../src/agent/agent.js';
import { createLogger } from '../../src/agent/log.js';
import { MtrRunAnswer, type MtrNodeState } from '../../src/shared/calls/domain-mtr.js';
import { createHarness, FAST_AGENT, type Harness, waitFor } from './helpers/agent-harness.js';

/**
 * /detect_mtr end to end through a real agent process of this machine's mtr: the run's hops arrive
 * while mtr runs, then the report; a node that may not probe private targets says so.
 */

let harness: Harness;
const extra: { handle: AgentHandle; dir: string }[] = [];
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  for (const { handle, dir } of extra.splice(0)) {
    await handle.stop({ flush: false });
    rmSync(dir, { recursive: true, force: true });
  }
  await harness.close();
});

async function start(token: string, count: number): Promise<number> {
  const response = await harness.server.call('/domain/detect_mtr', { token, body: { target: '127.0.0.1', nodeIds: [harness.nodeId], count } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

async function read(token: string, id: number): Promise<MtrRunAnswer> {
  return MtrRunAnswer.parse((await harness.server.call('/domain/detect_mtr/run', { token, body: { id } })).json().data);
}

/** Reads the run as the console does until no node is queued or running; answers every state seen with its hop count. */
async function follow(token: string, id: number): Promise<{ seen: { state: MtrNodeState; hops: number }[]; last: MtrRunAnswer }> {
  const seen: { state: MtrNodeState; hops: number }[] = [];
  let last = await read(token, id);
  await waitFor('the run to finish', async () => {
    last = await read(token, id);
    const node = last.nodeResults[0];
    if (node) seen.push({ state: node.state, hops: node.hops.length });
    return !last.active;
  }, 60_000);
  return { seen, last };
}

describe('on-demand MTR through a real agent', () => {
  it('runs MTR to 127.0.0.1 from the Local node: hops while it runs, then the report', async () => {
    const { handle } = harness.agent();
    await waitFor('registration', () => handle.status().registered);
    const token = await harness.server.login();
    const id = await start(token, 5);
    const { seen, last } = await follow(token, id);
    expect(seen.some((entry) => entry.state === 'running' && entry.hops > 0)).toBe(true);
    const node = last.nodeResults[0];
    expect(node).toMatchObject({ nodeId: harness.nodeId, state: 'done', ip: '127.0.0.1', failure: null });
    expect(node?.hops).toMatchObject([{ ttl: 1, host: '127.0.0.1', sent: 5, lossPercent: 0 }]);
    expect(node?.hops[0]?.avgMs).toBeGreaterThan(0);
    expect(last).toMatchObject({ active: false, done: 1 });
  }, 90_000);

  it('says the node refuses private targets, whether its operator or its agent refuses them', async () => {
    const token = await harness.server.login();
    // The operator did not allow private targets for the node: no job is queued.
    await harness.server.db.updateTable('nodes').set({ allow_private_targets: 0 }).where('id', '=', harness.nodeId).execute();
    const refused = await start(token, 1);
    expect((await read(token, refused)).nodeResults[0]?.state).toBe('private_refused');

    // The operator allowed them, but the agent runs without --allow-private: it refuses the job.
    await harness.server.db.updateTable('nodes').set({ allow_private_targets: 1 }).where('id', '=', harness.nodeId).execute();
    const dir = mkdtempSync(join(tmpdir(), 'vigil-agent-'));
    const handle = startAgent(
      { serverUrl: harness.url, key: harness.key, dataDir: dir, allowPrivate: false, concurrency: 4, logLevel: 'error' },
      { ...FAST_AGENT, logger: createLogger('error', () => undefined) },
    );
    extra.push({ handle, dir });
    await waitFor('registration', () => handle.status().registered);
    const id = await start(token, 1);
    const { last } = await follow(token, id);
    expect(last.nodeResults[0]).toMatchObject({ state: 'private_refused', failure: { source: 'probe', code: 'target_not_allowed' }, hops: [] });
  }, 90_000);
});
