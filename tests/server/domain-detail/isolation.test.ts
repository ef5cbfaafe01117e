import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../../../src/shared/calls/index.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import type { CheckResult } from '../../../src/shared/probe/results.js';
import { deleteTask } from '../../../src/server/modules/tasks/service.js';
import { adminLogin, expectNoInternals } from '../helpers.js';
import { MINUTE, detailFixture, httpSeries, type DetailFixture } from './detail-helpers.js';

const traceRun = (at: number): CheckResult => ({
  type: MONITOR_TYPES.TRACEROUTE,
  ok: true,
  startedAt: new Date(at).toISOString(),
  durationMs: 900,
  failure: null,
  resolvedIps: ['198.51.100.7'],
  ipMatched: null,
  details: { ip: '198.51.100.7', reached: true, hops: [{ ttl: 1, address: '198.51.100.7', rttMs: [1], lossPercent: 0 }] },
});

describe("task detail: one customer never reads another's task", () => {
  let f: DetailFixture;
  let webId: number;
  let traceId: number;
  let resultId: number;
  let otherTraceId: number;
  /** Every detail call with a body naming the first customer's task. */
  let calls: [path: string, body: Record<string, unknown>][];

  beforeAll(async () => {
    f = await detailFixture();
    webId = await f.task({ type: MONITOR_TYPES.HTTP, name: 'Shop', domain: 'shop.example.com', frequencyMinutes: 1, nodes: ['singapore'] });
    await f.ingest('singapore', webId, httpSeries(f.now, 10, (i) => i % 2 === 0, () => 90));
    traceId = await f.task({ type: MONITOR_TYPES.TRACEROUTE, name: 'Route', domain: 'shop.example.com', frequencyMinutes: 10, nodes: ['singapore'] });
    await f.ingest('singapore', traceId, [traceRun(f.now - 5 * MINUTE)]);
    const run = await f.server.db.selectFrom('results').select('id').where('task_id', '=', traceId).executeTakeFirstOrThrow();
    resultId = run.id;
    otherTraceId = await f.task({ type: MONITOR_TYPES.TRACEROUTE, name: 'Their route', domain: 'other.example.com', frequencyMinutes: 10, nodes: ['tokyo'] }, f.otherCustId);
    const range = { hours: 1 };
    calls = [
      ['/domain/detail/summary', { id: webId, range }],
      ['/domain/detail/trend', { id: webId, range, nodeIds: [f.node.singapore] }],
      ['/domain/detail/breakdown', { id: webId, range }],
      ['/domain/detail/failed_logs', { id: webId, count: 50 }],
      ['/domain/detail/latest', { id: webId }],
      ['/domain/traceroute/history', { id: traceId }],
      ['/domain/traceroute/snapshot', { id: traceId, resultId }],
    ];
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  it('covers every detail call of the call table', () => {
    const detailPaths = Object.values(CALLS)
      .map((call) => call.path)
      .filter((path) => path.startsWith('/domain/detail/') || path.startsWith('/domain/traceroute/history') || path.startsWith('/domain/traceroute/snapshot'));
    expect(calls.map(([path]) => path).sort()).toEqual(detailPaths.sort());
  });

  it('answers the owner, and an administrator viewing the owner (reads only)', async () => {
    const admin = await adminLogin(f.server);
    for (const [path, body] of calls) {
      expect((await f.call(path, body)).code, path).toBe(200);
      expect((await f.call(path, body, admin)).code, path).toBe(200);
    }
  });

  it("answers another customer 2127 for every call, exactly as for a task that does not exist", async () => {
    for (const [path, body] of calls) {
      const theirs = await f.call(path, body, f.otherToken);
      const missing = await f.call(path, { ...body, id: 999_999 }, f.otherToken);
      expect(theirs.code, path).toBe(2127);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.data, path).toBeNull();
      expect(theirs.body, path).toBe(missing.body);
      expectNoInternals(theirs.body);
    }
  });

  it("answers 2001 for another customer's run even through their own traceroute task", async () => {
    expect((await f.call('/domain/traceroute/snapshot', { id: otherTraceId, resultId }, f.otherToken)).code).toBe(2001);
    expect((await f.call('/domain/traceroute/history', { id: otherTraceId }, f.otherToken)).data.list).toEqual([]);
  });

  it('answers 2127 for a deleted task, and 401 without a session', async () => {
    await f.server.db.updateTable('deployments').set({ state: 'completed' }).execute();
    await deleteTask(f.ctx, f.server.custId, webId);
    for (const [path, body] of calls.filter(([, body]) => body.id === webId)) expect((await f.call(path, body)).code, path).toBe(2127);
    const anonymous = await f.server.call('/domain/detail/summary', { body: { id: traceId, range: { hours: 1 } } });
    expect(anonymous.statusCode).toBe(401);
  });
});
