import { afterAll, describe, it } from 'vitest';
import { expectEveryResultOnce, postgresFaults, waitInScene } from './helpers/postgres-scene.js';

/**
 * Faults under a real API server process on PostgreSQL (`VIGIL_DATABASE_URL`) taking a real agent
 * process's results: PostgreSQL restarted (fast shutdown: sessions cut, transactions under way
 * rolled back), and the server killed with kill -9 and started again. The server's pool reconnects,
 * the agent's spool resends, and every result the agent produced is stored exactly once. Runs on a
 * throw-away cluster of its own (scripts/postgres-cluster.ts); skipped where PostgreSQL is not
 * installed. Two instances: two-instances-faults.test.ts.
 */

const TASKS = 30;
const NO_POSTGRES = 'PostgreSQL is not installed here';
const faults = postgresFaults();

afterAll(() => faults.close());

describe('faults on PostgreSQL during ingest', () => {
  it('PostgreSQL restarted: nothing lost, nothing stored twice', async (context) => {
    const scene = await faults.scene({ database: 'vigil_fault_restart', instances: 1, tasks: TASKS });
    if (!scene) return context.skip(NO_POSTGRES);
    // Nothing of the test's stays connected over the restart.
    await scene.disconnect();
    scene.pg.restart();
    scene.reconnect();
    expectEveryResultOnce(await faults.settle(scene));
  }, 600_000);

  it('the API server killed with kill -9 and started again: nothing lost, nothing stored twice', async (context) => {
    const scene = await faults.scene({ database: 'vigil_fault_kill', instances: 1, tasks: TASKS });
    if (!scene) return context.skip(NO_POSTGRES);
    const [server] = scene.instances;
    await server?.kill();
    const spooledAtKill = scene.spooledCount();
    await waitInScene(scene, 'batches spooled while the server is dead', () => scene.spooledCount() >= spooledAtKill + 2, 90_000);
    await server?.start();
    expectEveryResultOnce(await faults.settle(scene));
  }, 600_000);
});
