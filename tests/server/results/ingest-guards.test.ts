import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import type { CheckResult } from '../../../src/shared/probe/results.js';
import { ingestBatch } from '../../../src/server/results/index.js';
import { latestByTask } from '../../../src/server/results/index.js';
import { pruneResults } from '../../../src/server/results/index.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import { createTestStore, httpResult, httpTaskInput, STORE_START, type TestStore } from '../tasks-helpers.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

function traceResult(startedAt: number): CheckResult {
  return {
    type: MONITOR_TYPES.TRACEROUTE,
    ok: true,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: 900,
    failure: null,
    resolvedIps: ['192.0.2.30'],
    ipMatched: null,
    details: { ip: '192.0.2.30', reached: true, hops: [{ ttl: 1, address: '192.0.2.30', rttMs: [0.4, 0.5, 0.6], lossPercent: 0 }] },
  };
}

describe('ingest guards', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it("never shows another task's details as a task's latest result after retention emptied the raw results", async () => {
    const shop = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1], domain: 'shop.example.com' }));
    const blog = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1], domain: 'blog.example.com' }));
    await ingestBatch(store.ctx, 1, 'shop-1', [{ taskId: shop.id, result: httpResult(STORE_START, 200, 12) }]);

    store.setTime(STORE_START + 8 * DAY);
    expect((await pruneResults(store.db, store.ctx.now())).raw).toBe(1);
    const blogResult = httpResult(store.ctx.now(), 503, 40);
    await ingestBatch(store.ctx, 1, 'blog-1', [{ taskId: blog.id, result: blogResult }]);

    const [shopLatest] = await latestByTask(store.ctx, store.custId, shop.id);
    // The shop's own row is gone: its latest state stays, with no details rather than the blog's.
    expect(shopLatest).toMatchObject({ nodeId: 1, statusCode: 200, result: null });
    const [blogLatest] = await latestByTask(store.ctx, store.custId, blog.id);
    expect(blogLatest?.result).toEqual(blogResult);
    const ids = await store.db.selectFrom('latest_results').select(['task_id', 'result_id']).orderBy('task_id').execute();
    expect(ids[1]?.result_id).toBeGreaterThan(ids[0]?.result_id ?? Number.POSITIVE_INFINITY);
  });

  it("refuses results older than the retention or more than 5 minutes ahead of the server's clock", async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    const now = store.ctx.now();
    const at = (ts: number) => ({ taskId: task.id, result: httpResult(ts, 200, 10) });
    const answer = await ingestBatch(store.ctx, 1, 'clocks', [
      at(now - 7 * DAY - 1000),
      at(now - 6 * DAY),
      at(now + 4 * MINUTE),
      at(now + 6 * MINUTE),
      at(now + 365 * DAY),
    ]);
    expect(answer).toEqual({ accepted: 2, rejected: 3, duplicate: false });
    const stored = await store.db.selectFrom('results').select('ts').orderBy('ts').execute();
    expect(stored.map((row) => row.ts - now)).toEqual([-6 * DAY, 4 * MINUTE]);
    const latest = await latestByTask(store.ctx, store.custId, task.id);
    expect(latest[0]?.ts).toBe(now + 4 * MINUTE);
  });

  it('keeps traceroute runs as long as the trace retention, and follows a shorter configured retention', async () => {
    const trace = await createTask(store.ctx, store.custId, { type: MONITOR_TYPES.TRACEROUTE, name: 'route', domain: 'shop.example.com', frequencyMinutes: 10, nodeIds: [1] });
    const now = store.ctx.now();
    const answer = await ingestBatch(store.ctx, 1, 'trace', [
      { taskId: trace.id, result: traceResult(now - 30 * DAY) },
      { taskId: trace.id, result: traceResult(now - 91 * DAY) },
    ]);
    expect(answer).toMatchObject({ accepted: 1, rejected: 1 });
    const web = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    const strict = { ...store.ctx, resultRetentionDays: 1, traceRetentionDays: 1 };
    expect(await ingestBatch(strict, 1, 'strict', [{ taskId: web.id, result: httpResult(now - 2 * DAY, 200, 5) }])).toMatchObject({ accepted: 0, rejected: 1 });
  });

  it('stores a batch delivered twice at the same moment once', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    const items = [0, 1, 2].map((minute) => ({ taskId: task.id, result: httpResult(STORE_START - minute * MINUTE, 200, 10) }));
    const answers = await Promise.all([ingestBatch(store.ctx, 1, 'twice', items), ingestBatch(store.ctx, 1, 'twice', items)]);
    expect(answers.map((answer) => answer.duplicate).sort()).toEqual([false, true]);
    expect(answers.every((answer) => answer.accepted === 3)).toBe(true);
    const count = await store.db.selectFrom('results').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
    const minutes = await store.db.selectFrom('rollup_minute').select('count').execute();
    expect(minutes.map((row) => row.count)).toEqual([1, 1, 1]);
  });
});
