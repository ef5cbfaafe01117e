import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { latestByTask } from '../../src/server/results/index.js';
import { deployResult } from '../../src/server/modules/deployments/service.js';
import { issueNodeKey } from '../../src/server/modules/nodes/keys.js';
import { deleteTask, updateTask } from '../../src/server/modules/tasks/service.js';
import { createHarness, type Harness, storedResults, waitFor } from './helpers/agent-harness.js';
import { startTcpListener, type TcpListener } from './helpers/servers.js';

let harness: Harness;
const targets: TcpListener[] = [];

beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  await harness.close();
  await Promise.all(targets.splice(0).map((target) => target.close()));
});

async function listener(): Promise<TcpListener> {
  const running = await startTcpListener();
  targets.push(running);
  return running;
}

describe('assignments follow the server', () => {
  it('takes a changed task at its new version and stops a deleted one', async () => {
    const [first, second] = [await listener(), await listener()];
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: first.port });
    const ctx = harness.server.app.vigil;
    const custId = harness.server.custId;
    const { handle } = harness.agent();
    await waitFor('version 1 deployed', async () => (await deployResult(ctx, custId, task.id)).deployStatus === 'completed');

    await updateTask(ctx, custId, task.id, { port: second.port });
    await waitFor('version 2 deployed', async () => (await deployResult(ctx, custId, task.id)).deployStatus === 'completed');
    await waitFor('a result of version 2', async () => {
      const [latest] = await latestByTask(ctx, custId, task.id);
      return latest?.result?.type === MONITOR_TYPES.TCP && latest.result.details?.port === second.port;
    });

    await deleteTask(ctx, custId, task.id);
    // A check already running when the task went may still finish (and be stored): wait for it.
    await waitFor('the task dropped', () => handle.status().assignments === 0 && handle.status().checksPending === 0);
    const probedBeforeRemoval = second.accepted();
    // The task ran every second: three more seconds would have brought three more checks.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(second.accepted()).toBe(probedBeforeRemoval);
  }, 60_000);

  it('holds only the tasks of its own node', async () => {
    const target = await listener();
    const other = await harness.server.db.selectFrom('nodes').select('id').where('id', '!=', harness.nodeId).executeTakeFirstOrThrow();
    const own = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    const foreign = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port, nodeIds: [other.id] });
    const { handle } = harness.agent();
    await waitFor('own results', async () => (await storedResults(harness.server, own.id)).rows > 0);
    expect(handle.status().assignments).toBe(1);
    expect((await storedResults(harness.server, foreign.id)).rows).toBe(0);
  }, 60_000);

  it('keeps probing its cached tasks when it restarts while the server is down', async () => {
    const target = await listener();
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    const first = harness.agent();
    await waitFor('a result', async () => (await storedResults(harness.server, task.id)).rows > 0);
    await first.handle.stop();

    await harness.kill();
    const second = harness.agent({ dataDir: first.dataDir });
    await waitFor('results spooled offline', () => second.handle.status().resultsSpooled >= 3, 30_000);
    expect(second.handle.status()).toMatchObject({ registered: false, assignments: 1, allowPrivateTargets: true });

    await harness.revive();
    await waitFor('registered and delivered', () => second.handle.status().registered && second.handle.status().batchesWaiting === 0, 30_000);
    const [latest] = await latestByTask(harness.server.app.vigil, harness.server.custId, task.id);
    expect(latest?.ok).toBe(true);
  }, 60_000);
});

describe('private targets', () => {
  it('are refused when the server does not allow them for the node, whatever the agent asks', async () => {
    const target = await listener();
    const { key } = await issueNodeKey(harness.server.db, harness.nodeId, { now: harness.server.clock.now(), allowPrivateTargets: false });
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    const { handle } = harness.agent({ key });
    await waitFor('a result', async () => (await storedResults(harness.server, task.id)).rows > 0);
    expect(handle.status().allowPrivateTargets).toBe(false);
    const [latest] = await latestByTask(harness.server.app.vigil, harness.server.custId, task.id);
    expect(latest).toMatchObject({ ok: false, failureSource: 'probe', failureCode: 'target_not_allowed' });
  }, 60_000);
});
