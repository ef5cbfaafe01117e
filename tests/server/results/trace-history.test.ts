import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import type { CheckResult } from '../../../src/shared/probe/results.js';
import { ingestBatch } from '../../../src/server/results/index.js';
import { pruneResults } from '../../../src/server/results/index.js';
import { traceHistory, traceSnapshot } from '../../../src/server/results/index.js';
import { createTask, deleteTask } from '../../../src/server/modules/tasks/service.js';
import type { Task } from '../../../src/server/modules/tasks/task-model.js';
import { createTestStore, httpResult, httpTaskInput, type TestStore } from '../tasks-helpers.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A traceroute run whose last hop is `last` (reached when it is the target). */
function traceRun(startedAt: number, last: string, reached = true): CheckResult {
  const hops = [
    { ttl: 1, address: '192.0.2.1', rttMs: [0.3, 0.4, 0.5], lossPercent: 0 },
    { ttl: 2, address: last, rttMs: [1.1, null, 1.3], lossPercent: 33.3 },
  ];
  return {
    type: MONITOR_TYPES.TRACEROUTE,
    ok: reached,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: 1200,
    failure: reached ? null : { source: 'target', code: 'unreachable' },
    resolvedIps: ['198.51.100.7'],
    ipMatched: null,
    details: { ip: '198.51.100.7', reached, hops },
  };
}

describe('traceroute history', () => {
  let store: TestStore;
  let task: Task;
  let start: number;
  beforeEach(async () => {
    store = await createTestStore();
    task = await createTask(store.ctx, store.custId, { type: MONITOR_TYPES.TRACEROUTE, name: 'route', domain: 'shop.example.com', frequencyMinutes: 10, nodeIds: [1, 2] });
    start = store.ctx.now() - 60 * MINUTE;
    for (const nodeId of [1, 2]) {
      const runs = [0, 10, 20, 30].map((minute) => ({ taskId: task.id, result: traceRun(start + minute * MINUTE + nodeId, `198.51.100.${minute}`, minute !== 20) }));
      await ingestBatch(store.ctx, nodeId, `runs-${nodeId}`, runs);
    }
  });
  afterEach(async () => {
    await store.close();
  });

  it('answers the snapshots of a range newest first, per node when asked, up to the limit', async () => {
    const range = { from: start, to: start + 25 * MINUTE };
    const all = await traceHistory(store.ctx, store.custId, task.id, { ...range, limit: 100 });
    expect(all.map((snapshot) => [snapshot.nodeId, snapshot.time])).toEqual([
      [2, new Date(start + 20 * MINUTE + 2).toISOString()],
      [1, new Date(start + 20 * MINUTE + 1).toISOString()],
      [2, new Date(start + 10 * MINUTE + 2).toISOString()],
      [1, new Date(start + 10 * MINUTE + 1).toISOString()],
      [2, new Date(start + 2).toISOString()],
      [1, new Date(start + 1).toISOString()],
    ]);
    const failed = all[0];
    expect(failed).toMatchObject({ taskId: task.id, ok: false, reached: false, ip: '198.51.100.7', failure: { source: 'target', code: 'unreachable' } });
    expect(failed?.hops.map((hop) => hop.address)).toEqual(['192.0.2.1', '198.51.100.20']);
    expect(failed?.hops[1]?.rttMs).toEqual([1.1, null, 1.3]);

    const nodeTwo = await traceHistory(store.ctx, store.custId, task.id, { nodeId: 2, from: start, to: start + DAY, limit: 2 });
    expect(nodeTwo.map((snapshot) => [snapshot.nodeId, snapshot.hops[1]?.address, snapshot.reached])).toEqual([
      [2, '198.51.100.30', true],
      [2, '198.51.100.20', false],
    ]);
    expect(await traceSnapshot(store.ctx, store.custId, nodeTwo[0]?.resultId ?? 0)).toEqual(nodeTwo[0]);
  });

  it("refuses another customer's task and result, a deleted task, other types' results and a backwards range", async () => {
    const [latest] = await traceHistory(store.ctx, store.custId, task.id, { from: start, to: start + DAY, limit: 1 });
    const resultId = latest?.resultId ?? 0;
    await expect(traceHistory(store.ctx, store.otherCustId, task.id, { from: start, to: start + DAY, limit: 10 })).rejects.toMatchObject({ code: 2127 });
    await expect(traceSnapshot(store.ctx, store.otherCustId, resultId)).rejects.toMatchObject({ code: 2001 });
    await expect(traceHistory(store.ctx, store.custId, task.id, { from: start + DAY, to: start, limit: 10 })).rejects.toMatchObject({ code: 2121 });

    const web = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    await ingestBatch(store.ctx, 1, 'web', [{ taskId: web.id, result: httpResult(start, 200, 10) }]);
    const webRow = await store.db.selectFrom('results').select('id').where('task_id', '=', web.id).executeTakeFirstOrThrow();
    await expect(traceSnapshot(store.ctx, store.custId, webRow.id)).rejects.toMatchObject({ code: 2001 });

    await store.db.updateTable('deployments').set({ state: 'completed' }).execute();
    await deleteTask(store.ctx, store.custId, task.id);
    await expect(traceSnapshot(store.ctx, store.custId, resultId)).rejects.toMatchObject({ code: 2001 });
  });

  it('outlives the raw retention: pruning keeps runs until the trace retention', async () => {
    const web = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    await ingestBatch(store.ctx, 1, 'web', [{ taskId: web.id, result: httpResult(start, 200, 10) }]);
    const history = () => traceHistory(store.ctx, store.custId, task.id, { from: start, to: start + DAY, limit: 100 });

    const afterTenDays = await pruneResults(store.db, start + 10 * DAY, { raw: 7, trace: 90 });
    expect(afterTenDays.raw).toBe(1);
    expect(await history()).toHaveLength(8);
    // A second run walks on from where the first stopped and finds nothing more.
    expect((await pruneResults(store.db, start + 11 * DAY, { raw: 7, trace: 90 })).raw).toBe(0);

    expect((await pruneResults(store.db, start + 91 * DAY, { raw: 7, trace: 90 })).raw).toBe(8);
    expect(await history()).toEqual([]);
  });
});
