import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailedLogsAnswer } from '../../../src/shared/calls/domain-detail-answers.js';
import { TraceHistoryAnswer, TraceSnapshot } from '../../../src/shared/calls/trace-answers.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import type { CheckResult } from '../../../src/shared/probe/results.js';
import { failedResultsQuery } from '../../../src/server/results/index.js';
import { testEngine } from '../test-database.js';
import { MINUTE, detailFixture, httpCheck, type DetailFixture } from './detail-helpers.js';

function traceRun(at: number, last: string): CheckResult {
  return {
    type: MONITOR_TYPES.TRACEROUTE,
    ok: true,
    startedAt: new Date(at).toISOString(),
    durationMs: 900,
    failure: null,
    resolvedIps: ['198.51.100.7'],
    ipMatched: null,
    details: {
      ip: '198.51.100.7',
      reached: true,
      hops: [
        { ttl: 1, address: '192.0.2.1', rttMs: [0.3, 0.4, 0.5], lossPercent: 0 },
        { ttl: 2, address: last, rttMs: [1.1, null, 1.3], lossPercent: 33.3 },
      ],
    },
  };
}

/*
 * An HTTP task: Beijing checks every minute for 30 minutes, every third one failing with 503;
 * Singapore fails five times unreachable ('000', timeout) half a minute after Beijing's first five.
 * A traceroute task: three runs on each of two nodes, ten minutes apart.
 */
describe('task detail: failed logs and traceroute history', () => {
  let f: DetailFixture;
  let webId: number;
  let traceId: number;
  const failureTimes: number[] = [];

  beforeAll(async () => {
    f = await detailFixture();
    webId = await f.task({ type: MONITOR_TYPES.HTTP, name: 'Shop', domain: 'shop.example.com', frequencyMinutes: 1, nodes: ['beijingTelecom', 'singapore'] });
    const beijing = Array.from({ length: 30 }, (_, i) => {
      const at = f.now - (30 - i) * MINUTE;
      if (i % 3 === 0) failureTimes.push(at);
      return httpCheck(at, i % 3 === 0 ? { statusCode: 503 } : { totalMs: 80 });
    });
    const singapore = Array.from({ length: 5 }, (_, i) => {
      failureTimes.push(f.now - (30 - i) * MINUTE + 30_000);
      return httpCheck(f.now - (30 - i) * MINUTE + 30_000, { statusCode: '000', detail: 'connect ETIMEDOUT' });
    });
    await f.ingest('beijingTelecom', webId, beijing);
    await f.ingest('singapore', webId, singapore);
    failureTimes.sort((a, b) => b - a);

    traceId = await f.task({ type: MONITOR_TYPES.TRACEROUTE, name: 'Route', domain: 'shop.example.com', frequencyMinutes: 10, nodes: ['beijingTelecom', 'singapore'] });
    for (const name of ['beijingTelecom', 'singapore'] as const) {
      await f.ingest(name, traceId, [0, 10, 20].map((minute) => traceRun(f.now - 30 * MINUTE + minute * MINUTE + f.node[name], `198.51.100.${minute}`)));
    }
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  const logs = async (body: Record<string, unknown>) => FailedLogsAnswer.parse((await f.call('/domain/detail/failed_logs', { id: webId, ...body })).data).list;

  it('answers the newest failed checks first, ten unless asked, up to 50', async () => {
    expect((await logs({})).map((log) => Date.parse(log.at))).toEqual(failureTimes.slice(0, 10));
    expect((await logs({ count: 3 })).map((log) => Date.parse(log.at))).toEqual(failureTimes.slice(0, 3));
    expect((await logs({ count: 50 })).map((log) => Date.parse(log.at))).toEqual(failureTimes);
  });

  it('says which node failed, where, why, with what detail and HTTP status', async () => {
    const all = await logs({ count: 50 });
    expect(all[0]).toMatchObject({
      nodeId: f.node.beijingTelecom,
      nodeName: 'Beijing Telecom',
      failureSource: 'target',
      failureCode: 'http_status',
      failureDetail: null,
      statusCode: 503,
    });
    expect(all.find((log) => log.nodeId === f.node.singapore)).toMatchObject({
      nodeName: 'Singapore',
      failureCode: 'timeout',
      failureDetail: 'connect ETIMEDOUT',
      statusCode: '000',
    });
  });

  it('keeps to a range when one is given', async () => {
    const recent = await logs({ count: 50, range: { from: f.now - 10 * MINUTE, to: f.now } });
    expect(recent.map((log) => Date.parse(log.at))).toEqual(failureTimes.filter((at) => at >= f.now - 10 * MINUTE));
    expect(recent).toHaveLength(3);
  });

  it('refuses a count outside 1-50 with the field error', async () => {
    for (const count of [0, 51, -1]) expect((await f.call('/domain/detail/failed_logs', { id: webId, count })).errors).toEqual(['count:10010003']);
    expect((await f.call('/domain/detail/failed_logs', { id: webId, count: '5' })).errors).toEqual(['count:10010001']);
    expect((await f.call('/domain/detail/failed_logs', { id: webId, count: 2.5 })).code).toBe(1001);
  });

  // SQLite's planner (explain query plan); PostgreSQL's picks by table statistics, which these few rows do not make.
  it.skipIf(testEngine === 'postgres')('reads failed checks through the partial index of failures, not a scan of every result', async () => {
    const compiled = failedResultsQuery(f.server.db, webId, 10).compile();
    const plan = await sql.raw<{ detail: string }>(`explain query plan ${compiled.sql.replaceAll('?', String(webId))}`).execute(f.server.db);
    expect(plan.rows.map((row) => row.detail).join(' | ')).toContain('results_failed');
  });

  it('answers traceroute snapshots newest first, per node when asked, and one snapshot by its result id', async () => {
    const history = TraceHistoryAnswer.parse((await f.call('/domain/traceroute/history', { id: traceId })).data).list;
    expect(history).toHaveLength(6);
    expect(history.map((snapshot) => Date.parse(snapshot.time))).toEqual([...history.map((snapshot) => Date.parse(snapshot.time))].sort((a, b) => b - a));
    const singapore = TraceHistoryAnswer.parse((await f.call('/domain/traceroute/history', { id: traceId, nodeId: f.node.singapore, limit: 2 })).data).list;
    expect(singapore.map((snapshot) => [snapshot.nodeId, snapshot.hops[1]?.address])).toEqual([
      [f.node.singapore, '198.51.100.20'],
      [f.node.singapore, '198.51.100.10'],
    ]);
    const ranged = TraceHistoryAnswer.parse((await f.call('/domain/traceroute/history', { id: traceId, range: { from: f.now - 15 * MINUTE, to: f.now } })).data).list;
    expect(ranged).toHaveLength(2);

    const first = singapore[0];
    const snapshot = await f.call('/domain/traceroute/snapshot', { id: traceId, resultId: first?.resultId });
    expect(TraceSnapshot.parse(snapshot.data)).toEqual(first);
    expect(snapshot.data.hops[1]).toEqual({ ttl: 2, address: '198.51.100.20', rttMs: [1.1, null, 1.3], lossPercent: 33.3 });
  });

  it("refuses a snapshot that is not one of the task's runs, and a limit over 100", async () => {
    const [failed] = await logs({ count: 1 });
    expect((await f.call('/domain/traceroute/snapshot', { id: traceId, resultId: failed?.resultId })).code).toBe(2001);
    const [run] = TraceHistoryAnswer.parse((await f.call('/domain/traceroute/history', { id: traceId, limit: 1 })).data).list;
    expect((await f.call('/domain/traceroute/snapshot', { id: webId, resultId: run?.resultId })).code).toBe(2001);
    expect((await f.call('/domain/traceroute/snapshot', { id: traceId, resultId: 999_999 })).code).toBe(2001);
    expect((await f.call('/domain/traceroute/history', { id: traceId, limit: 101 })).errors).toEqual(['limit:10010003']);
  });
});
