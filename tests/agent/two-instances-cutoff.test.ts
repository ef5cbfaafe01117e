import { afterAll, describe, expect, it } from 'vitest';
import { resultsProduced } from './helpers/agent-process.js';
import { createTestNamespace, namespaceUnavailableReason, type TestNamespace } from './helpers/netns.js';
import { expectEveryResultOnce, postgresFaults, waitInScene } from './helpers/postgres-scene.js';

/**
 * A real agent process in a network namespace of its own, delivering through a load balancer to two
 * real API server processes on one PostgreSQL database. It is cut off (its only link down); while
 * it spools, the instance it may have been talking to goes away (kill -9). When the link is back
 * the agent reconnects, reaches the other instance and delivers its spool once. Skipped where
 * network namespaces cannot be made or PostgreSQL is not installed.
 */

const TASKS = 30;
const unavailable = namespaceUnavailableReason();
const faults = postgresFaults();
let ns: TestNamespace | undefined;

afterAll(async () => {
  await faults.close();
  ns?.remove();
});

describe.skipIf(unavailable !== null)(`an agent cut off from two API instances${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  it('delivers its spool once through the other instance when the link is back', async (context) => {
    ns = createTestNamespace();
    ns.restoreRoute();
    const scene = await faults.scene({ database: 'vigil_two_cutoff', instances: 2, tasks: TASKS, namespace: ns });
    if (!scene) return context.skip('PostgreSQL is not installed here');
    const [killed, other] = scene.instances;
    await waitInScene(scene, 'both instances serving the agent', () => (scene.balancer?.connectionsTo ?? []).every((count) => count > 0), 90_000);

    ns.cutRoute();
    const spooledAtCut = scene.spooledCount();
    await killed?.kill();
    await waitInScene(scene, 'batches spooled while cut off', () => scene.spooledCount() >= spooledAtCut + 3, 90_000);
    ns.restoreRoute();

    // With the first instance dead, whatever is stored now went through the other.
    const producedAtRestore = resultsProduced([scene.agent]);
    await waitInScene(scene, 'the spool delivered after the cut', async () => (await scene.storedCount()) >= producedAtRestore, 120_000);
    expect(killed?.alive()).toBe(false);
    expect(other?.alive()).toBe(true);

    expectEveryResultOnce(await faults.settle(scene));
  }, 300_000);
});
