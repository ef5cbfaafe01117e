import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_TYPES, SERVICE_STATUS } from '../../../src/shared/codes.js';
import { DetailSummaryAnswer, DetailTrendAnswer } from '../../../src/shared/calls/domain-detail-answers.js';
import { DAY, HOUR, MINUTE, detailFixture, httpCheck, httpSeries, type DetailFixture } from './detail-helpers.js';

/*
 * One HTTP task on four nodes. In the last hour: Beijing 20 of 20 checks ok (100-119 ms),
 * Guangzhou 16 of 20 (200 ms), Singapore 10 of 20 (300 ms), Tokyo nothing. Thirty hours ago
 * Beijing also made 10 checks, 5 ok at 50 ms.
 */
describe('task detail: summary and trend', () => {
  let f: DetailFixture;
  let taskId: number;
  const sumCounts = (buckets: { count: number }[]) => buckets.reduce((total, bucket) => total + bucket.count, 0);

  beforeAll(async () => {
    f = await detailFixture();
    taskId = await f.task({ type: MONITOR_TYPES.HTTP, name: 'Shop', domain: 'shop.example.com', frequencyMinutes: 1, nodes: ['beijingTelecom', 'guangzhouTelecom', 'singapore', 'tokyo'] });
    await f.ingest('beijingTelecom', taskId, httpSeries(f.now, 20, () => true, (i) => 100 + i));
    await f.ingest('guangzhouTelecom', taskId, httpSeries(f.now, 20, (i) => i % 5 !== 0, () => 200));
    await f.ingest('singapore', taskId, httpSeries(f.now, 20, (i) => i % 2 === 0, () => 300));
    const old = Array.from({ length: 10 }, (_, i) => httpCheck(f.now - 30 * HOUR + i * MINUTE, i % 2 === 0 ? { totalMs: 50 } : { statusCode: 500 }));
    await f.ingest('beijingTelecom', taskId, old);
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  it('sums the last hour over every node: availability, band, average, minimum and maximum, nodes with data', async () => {
    const answer = await f.call('/domain/detail/summary', { id: taskId, range: { hours: 1 } });
    expect(answer.code).toBe(200);
    const summary = DetailSummaryAnswer.parse(answer.data);
    expect(summary).toMatchObject({
      taskId,
      type: MONITOR_TYPES.HTTP,
      from: new Date(f.now - HOUR).toISOString(),
      to: new Date(f.now).toISOString(),
      count: 60,
      successes: 46,
      serviceStatus: SERVICE_STATUS.WARNING,
      minResponseMs: 100,
      maxResponseMs: 300,
      nodeCount: 4,
      nodesWithData: 3,
      lastCheckAt: new Date(f.now - MINUTE).toISOString(),
    });
    expect(summary.availabilityPercent).toBeCloseTo((46 / 60) * 100, 6);
    // Average of the successful checks: (100+…+119) + 16 × 200 + 10 × 300 over 46.
    expect(summary.avgResponseMs).toBeCloseTo((2190 + 3200 + 3000) / 46, 6);
  });

  it('answers minute buckets over all nodes for a short range, and the series of the nodes asked for', async () => {
    const answer = await f.call('/domain/detail/trend', { id: taskId, range: { hours: 1 }, nodeIds: [f.node.singapore, f.node.tokyo] });
    expect(answer.code).toBe(200);
    const trend = DetailTrendAnswer.parse(answer.data);
    expect(trend.per).toBe('minute');
    expect(trend.bucketMs).toBe(MINUTE);
    expect(trend.buckets).toHaveLength(20);
    expect(trend.buckets[0]?.bucketStart).toBe(f.now - 20 * MINUTE);
    expect(sumCounts(trend.buckets)).toBe(60);
    const last = trend.buckets.at(-1);
    expect(last).toMatchObject({ bucketStart: f.now - MINUTE, count: 3, successes: 2, avgResponseMs: 159.5, minResponseMs: 119, maxResponseMs: 200 });
    expect(last?.availabilityPercent).toBeCloseTo(200 / 3, 6);
    expect(trend.nodes.map((node) => [node.nodeId, node.buckets.length])).toEqual([
      [f.node.singapore, 20],
      [f.node.tokyo, 0],
    ]);
    expect(trend.nodes[0]?.buckets.map((bucket) => bucket.successes).slice(0, 4)).toEqual([1, 0, 1, 0]);
  });

  it('answers hour buckets beyond 48 hours, and the summary agrees with them', async () => {
    const range = { from: f.now - 3 * DAY, to: f.now };
    const trend = DetailTrendAnswer.parse((await f.call('/domain/detail/trend', { id: taskId, range })).data);
    expect(trend.per).toBe('hour');
    expect(trend.bucketMs).toBe(HOUR);
    expect(trend.buckets.map((bucket) => [bucket.bucketStart, bucket.count, bucket.successes])).toEqual([
      [f.now - 30 * HOUR, 10, 5],
      [f.now - HOUR, 60, 46],
    ]);
    const summary = DetailSummaryAnswer.parse((await f.call('/domain/detail/summary', { id: taskId, range })).data);
    expect(summary).toMatchObject({ count: 70, successes: 51, minResponseMs: 50, maxResponseMs: 300 });
  });

  it('cuts a range over a day into hours, the edge hours holding only their minutes in it, and the summary agrees', async () => {
    // From 3 minutes into the old checks to 9.5 minutes before now: 7 old checks and 11 of each recent series.
    const range = { from: f.now - 30 * HOUR + 3 * MINUTE, to: f.now - 9.5 * MINUTE };
    const trend = DetailTrendAnswer.parse((await f.call('/domain/detail/trend', { id: taskId, range })).data);
    const summary = DetailSummaryAnswer.parse((await f.call('/domain/detail/summary', { id: taskId, range })).data);
    expect([trend.per, trend.bucketMs]).toEqual(['hour', HOUR]);
    expect(trend.buckets.map((bucket) => [bucket.bucketStart, bucket.count])).toEqual([
      [f.now - 30 * HOUR + 3 * MINUTE, 7],
      [f.now - HOUR, 33],
    ]);
    expect(summary.count).toBe(7 + 33);
    const successes = trend.buckets.reduce((total, bucket) => total + bucket.successes, 0);
    expect(summary.successes).toBe(successes);
  });

  it('answers an empty range with no data: band none, null figures', async () => {
    const range = { from: f.now - 10 * DAY, to: f.now - 9 * DAY };
    const summary = DetailSummaryAnswer.parse((await f.call('/domain/detail/summary', { id: taskId, range })).data);
    expect(summary).toMatchObject({ count: 0, availabilityPercent: null, avgResponseMs: null, minResponseMs: null, serviceStatus: SERVICE_STATUS.NONE, nodesWithData: 0 });
    expect((await f.call('/domain/detail/trend', { id: taskId, range })).data.buckets).toEqual([]);
  });

  it('refuses ranges it cannot read: field errors (1001) and an end before the start (2121)', async () => {
    const refused = async (body: unknown) => {
      const answer = await f.call('/domain/detail/summary', body);
      return answer.code === 1001 ? answer.errors : answer.code;
    };
    expect(await refused({ id: taskId })).toEqual(['range:10010002']);
    expect(await refused({ id: taskId, range: {} })).toEqual(['range.hours:10010002']);
    expect(await refused({ id: taskId, range: { hours: 5 } })).toEqual(['range.hours:10010003']);
    expect(await refused({ id: taskId, range: { hours: 1, from: 0, to: 1 } })).toEqual(['range.hours:10010001']);
    expect(await refused({ id: taskId, range: { from: f.now - HOUR } })).toEqual(['range.to:10010002']);
    expect(await refused({ id: taskId, range: { from: f.now - 32 * DAY, to: f.now } })).toEqual(['range.to:10010003']);
    expect(await refused({ id: taskId, range: { hours: 1 }, extra: 1 })).toEqual(['extra:10010001']);
    expect(await refused({ id: 'x', range: { hours: 1 } })).toEqual(['id:10010001']);
    expect(await refused({ id: taskId, range: { from: f.now, to: f.now - HOUR } })).toBe(2121);
    const trend = await f.call('/domain/detail/trend', { id: taskId, range: { hours: 1 }, nodeIds: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(trend.errors).toEqual(['nodeIds:10010003']);
  });
});
