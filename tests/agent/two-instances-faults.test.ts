import { afterAll, describe, expect, it } from 'vitest';
import { resultsProduced } from './helpers/agent-process.js';
import { expectEveryResultOnce, postgresFaults, waitInScene } from './helpers/postgres-scene.js';

/**
 * Two real API server processes on one PostgreSQL database behind a load balancer (a test TCP
 * balancer: round robin, the next instance when one refuses), a real agent process delivering
 * through it. One instance killed with kill -9 during ingest: the agent goes on with the other.
 * PostgreSQL restarted under both: both reconnect and go on. Either way every result the agent
 * produced is stored exactly once. Skipped where PostgreSQL is not installed.
 */

const TASKS = 30;
const NO_POSTGRES = 'PostgreSQL is not installed here';
const faults = postgresFaults();

afterAll(() => faults.close());

describe('faults under two API instances on PostgreSQL', () => {
  it('one instance killed with kill -9 during ingest: the agent goes on with the other, nothing lost, nothing stored twice', async (context) => {
    const scene = await faults.scene({ database: 'vigil_two_kill', instances: 2, tasks: TASKS });
    if (!scene) return context.skip(NO_POSTGRES);
    const [killed, left] = scene.instances;
    // The agent's connections (registration, the jobs poll held open, deliveries) are spread over both.
    await waitInScene(scene, 'both instances serving the agent', () => (scene.balancer?.connectionsTo ?? []).every((count) => count > 0), 90_000);
    const before = await scene.storedCount();
    await waitInScene(scene, 'a delivery just landed', async () => (await scene.storedCount()) > before, 90_000);
    await killed?.kill();

    // Batches made after the kill reach the store: only the instance left can have taken them.
    const spooledAtKill = scene.spooledCount();
    await waitInScene(scene, 'batches spooled after the kill', () => scene.spooledCount() >= spooledAtKill + 2, 90_000);
    const producedSince = resultsProduced([scene.agent]);
    await waitInScene(scene, 'them stored by the instance left', async () => (await scene.storedCount()) >= producedSince, 90_000);
    expect(left?.alive()).toBe(true);

    expectEveryResultOnce(await faults.settle(scene));
  }, 300_000);

  it('PostgreSQL restarted under two instances: both go on, nothing lost, nothing stored twice', async (context) => {
    const scene = await faults.scene({ database: 'vigil_two_restart', instances: 2, tasks: TASKS });
    if (!scene) return context.skip(NO_POSTGRES);
    await scene.disconnect();
    // Fast shutdown: both instances' sessions cut, their transactions under way rolled back.
    scene.pg.restart();
    scene.reconnect();
    const spooledAtRestart = scene.spooledCount();
    await waitInScene(scene, 'batches spooled after the restart', () => scene.spooledCount() >= spooledAtRestart + 2, 90_000);
    const producedSince = resultsProduced([scene.agent]);
    await waitInScene(scene, 'them stored', async () => (await scene.storedCount()) >= producedSince, 90_000);
    expect(scene.instances.map((instance) => instance.alive())).toEqual([true, true]);

    expectEveryResultOnce(await faults.settle(scene));
  }, 300_000);
});
