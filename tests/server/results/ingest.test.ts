import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { binOf, HISTOGRAM_BINS, HISTOGRAM_RELATIVE_ERROR, percentileOf, representativeOf } from '../../../src/server/results/histogram.js';
import { ingestBatch } from '../../../src/server/results/index.js';
import { latestByTask } from '../../../src/server/results/index.js';
import { createTask, updateTask } from '../../../src/server/modules/tasks/service.js';
import { createTestStore, httpResult, httpTaskInput, STORE_START, tcpResult, type TestStore } from '../tasks-helpers.js';

describe('latency histogram', () => {
  it('reads every value back within the bin error', () => {
    for (const latency of [0.3, 0.9, 1, 7.5, 42, 199.9, 1234, 59_000]) {
      const value = representativeOf(binOf(latency));
      expect(Math.abs(value - latency) / latency).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR + 1e-9);
    }
    expect(binOf(0)).toBe(0);
    expect(binOf(10_000_000)).toBe(HISTOGRAM_BINS - 1);
  });

  it('answers percentiles by rank, clamped to the observed range, null when empty', () => {
    const bins = new Array<number>(HISTOGRAM_BINS).fill(0);
    for (const latency of [10, 10, 10, 10, 10, 10, 10, 10, 10, 500]) bins[binOf(latency)] = (bins[binOf(latency)] ?? 0) + 1;
    expect(percentileOf(bins, 50)).toBeCloseTo(representativeOf(binOf(10)));
    expect(percentileOf(bins, 100, { min: 10, max: 500 })).toBe(Math.min(500, representativeOf(binOf(500))));
    expect(percentileOf(bins, 1, { min: 10.5, max: 500 })).toBe(10.5);
    expect(percentileOf(new Array<number>(HISTOGRAM_BINS).fill(0), 50)).toBeNull();
  });
});

describe('ingestBatch', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  const count = async (table: 'results' | 'rollup_minute' | 'rollup_hour' | 'latest_results') =>
    Number((await store.db.selectFrom(table).select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('stores a batch once however often it is delivered', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    const items = [0, 1, 2].map((minute) => ({ taskId: task.id, taskVersion: 1, result: httpResult(STORE_START + minute * 60_000, 200, 20 + minute) }));
    expect(await ingestBatch(store.ctx, 1, 'batch-1', items)).toEqual({ accepted: 3, rejected: 0, duplicate: false });
    expect(await ingestBatch(store.ctx, 1, 'batch-1', items)).toEqual({ accepted: 3, rejected: 0, duplicate: true });
    expect(await count('results')).toBe(3);
    const hour = await store.db.selectFrom('rollup_hour').select(['count', 'latency_sum']).execute();
    expect(hour).toEqual([{ count: 3, latency_sum: 63 }]);
    // The same batch id from another node is another batch.
    const other = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [2] }));
    expect(await ingestBatch(store.ctx, 2, 'batch-1', [{ taskId: other.id, result: httpResult(STORE_START, 200, 5) }])).toMatchObject({ accepted: 1, duplicate: false });
  });

  it('rejects results of tasks that do not select the node, of another type, or of another customer\'s node set', async () => {
    const mine = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    const elsewhere = await createTask(store.ctx, store.otherCustId, httpTaskInput({ nodeIds: [2] }));
    const answer = await ingestBatch(store.ctx, 1, 'b', [
      { taskId: mine.id, result: httpResult(STORE_START, 200, 10) },
      { taskId: elsewhere.id, result: httpResult(STORE_START, 200, 10) },
      { taskId: mine.id, result: tcpResult(STORE_START, true, 3) },
      { taskId: 424242, result: httpResult(STORE_START, 200, 10) },
    ]);
    expect(answer).toEqual({ accepted: 1, rejected: 3, duplicate: false });
    const stored = await store.db.selectFrom('results').select(['task_id', 'node_id']).execute();
    expect(stored).toEqual([{ task_id: mine.id, node_id: 1 }]);
  });

  it('keeps results checked before a task was taken off the node, and refuses later ones', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    await store.db.updateTable('deployments').set({ state: 'completed' }).execute();
    store.advanceSeconds(600);
    await updateTask(store.ctx, store.custId, task.id, { nodeIds: [2] });
    const answer = await ingestBatch(store.ctx, 1, 'late', [
      { taskId: task.id, result: httpResult(STORE_START + 300_000, 200, 10) },
      { taskId: task.id, result: httpResult(STORE_START + 900_000, 200, 10) },
    ]);
    expect(answer).toEqual({ accepted: 1, rejected: 1, duplicate: false });
  });

  it('records the flattened columns and the latest state per node, which a late older result does not replace', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2] }));
    await ingestBatch(store.ctx, 1, 'a', [
      { taskId: task.id, result: httpResult(STORE_START + 60_000, '000', null) },
      { taskId: task.id, result: httpResult(STORE_START, 200, 12.5) },
    ]);
    await ingestBatch(store.ctx, 2, 'a', [{ taskId: task.id, result: httpResult(STORE_START, 503, 40) }]);
    await ingestBatch(store.ctx, 1, 'b', [{ taskId: task.id, result: httpResult(STORE_START + 30_000, 200, 11) }]);

    const raw = await store.db.selectFrom('results').selectAll().where('node_id', '=', 1).orderBy('ts').execute();
    expect(raw.map((row) => [row.ts - STORE_START, row.type, row.ok, row.latency_ms, row.status_code, row.failure_code, row.ip_matched])).toEqual([
      [0, MONITOR_TYPES.HTTP, 1, 12.5, 200, null, 1],
      [30_000, MONITOR_TYPES.HTTP, 1, 11, 200, null, 1],
      [60_000, MONITOR_TYPES.HTTP, 0, null, 0, 'unreachable', null],
    ]);

    const latest = await latestByTask(store.ctx, store.custId, task.id);
    expect(latest.map((state) => [state.nodeId, state.ts - STORE_START, state.ok, state.statusCode, state.failureSource])).toEqual([
      [1, 60_000, false, 0, 'target'],
      [2, 0, false, 503, 'target'],
    ]);
    expect(latest[0]?.result).toMatchObject({ type: MONITOR_TYPES.HTTP, details: { statusCode: '000' } });
    expect(await count('latest_results')).toBe(2);
    await expect(latestByTask(store.ctx, store.otherCustId, task.id)).rejects.toMatchObject({ code: 2127 });
  });
});
