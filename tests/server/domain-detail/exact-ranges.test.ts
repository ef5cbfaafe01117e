import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { DetailBreakdownAnswer, DetailSummaryAnswer, DetailTrendAnswer } from '../../../src/shared/calls/domain-detail-answers.js';
import { DAY, HOUR, MINUTE, detailFixture, httpCheck, type DetailFixture, type NodeName } from './detail-helpers.js';

/*
 * The detail figures must be the plain arithmetic of the raw checks, whatever mix of minute and
 * hour rollups a range is read from. Three nodes check at random moments over the last 60 hours
 * (random gaps, failures and latencies); for ranges with ragged ends, across hour and UTC-day
 * edges, the summary, the breakdown and every trend bucket are compared with sums over the checks.
 * Latencies are quarter milliseconds, so every sum is exact and figures compare with toEqual.
 */

interface Check {
  node: NodeName;
  at: number;
  ok: boolean;
  latencyMs: number | null;
}

interface Expected {
  bucketStart: number;
  count: number;
  successes: number;
  avgResponseMs: number | null;
  minResponseMs: number | null;
  maxResponseMs: number | null;
}

const NODES: NodeName[] = ['beijingTelecom', 'singapore', 'tokyo'];

/** mulberry32, so a failure replays. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomChecks(now: number, random: () => number): Check[] {
  const checks: Check[] = [];
  for (const node of NODES) {
    for (let at = now - 60 * HOUR + Math.floor(random() * 10 * MINUTE); at < now; at += MINUTE + Math.floor(random() * 25 * MINUTE)) {
      const ok = random() > 0.2;
      checks.push({ node, at, ok, latencyMs: ok ? 10 + Math.floor(random() * 2_000) / 4 : null });
    }
  }
  return checks;
}

/** What the reads cover: the range widened to whole minutes up to 48 h, to whole hours beyond. */
function spanOf(range: { from: number; to: number }): { start: number; end: number } {
  const step = range.to - range.from > 2 * DAY ? HOUR : MINUTE;
  return { start: Math.floor(range.from / step) * step, end: Math.ceil(range.to / step) * step };
}

/** The checks' figures per bucket of `bucketMs` (an edge bucket starting where the span does), oldest first; the whole span without `bucketMs`. */
function expectedBuckets(checks: readonly Check[], span: { start: number; end: number }, bucketMs?: number): Expected[] {
  const buckets = new Map<number, Expected & { latencySum: number; latencyCount: number }>();
  for (const check of checks) {
    if (check.at < span.start || check.at >= span.end) continue;
    const bucketStart = bucketMs === undefined ? span.start : Math.max(Math.floor(check.at / bucketMs) * bucketMs, span.start);
    const bucket = buckets.get(bucketStart) ?? {
      bucketStart, count: 0, successes: 0, latencySum: 0, latencyCount: 0, avgResponseMs: null, minResponseMs: null, maxResponseMs: null,
    };
    bucket.count += 1;
    if (check.ok && check.latencyMs !== null) {
      bucket.successes += 1;
      bucket.latencySum += check.latencyMs;
      bucket.latencyCount += 1;
      bucket.minResponseMs = Math.min(bucket.minResponseMs ?? check.latencyMs, check.latencyMs);
      bucket.maxResponseMs = Math.max(bucket.maxResponseMs ?? check.latencyMs, check.latencyMs);
    }
    buckets.set(bucketStart, bucket);
  }
  return [...buckets.values()]
    .sort((a, b) => a.bucketStart - b.bucketStart)
    .map(({ latencySum, latencyCount, ...bucket }) => ({ ...bucket, avgResponseMs: latencyCount > 0 ? latencySum / latencyCount : null }));
}

const figures = (bucket: Expected): Expected => ({
  bucketStart: bucket.bucketStart,
  count: bucket.count,
  successes: bucket.successes,
  avgResponseMs: bucket.avgResponseMs,
  minResponseMs: bucket.minResponseMs,
  maxResponseMs: bucket.maxResponseMs,
});

describe('task detail: figures over ragged ranges equal the arithmetic of the raw checks', () => {
  let f: DetailFixture;
  let taskId: number;
  let checks: Check[];

  beforeAll(async () => {
    f = await detailFixture();
    taskId = await f.task({ type: MONITOR_TYPES.HTTP, name: 'Shop', domain: 'shop.example.com', frequencyMinutes: 1, nodes: NODES });
    checks = randomChecks(f.now, seeded(42));
    for (const node of NODES) {
      const own = checks.filter((check) => check.node === node);
      await f.ingest(node, taskId, own.map((check) => httpCheck(check.at, check.ok ? { totalMs: check.latencyMs ?? 0 } : { statusCode: 503 })));
    }
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  /** Ranges as offsets from now (a whole hour), their trend's bucket size, and which also compare per node. */
  const RANGES = [
    { label: 'minute buckets over 11 h', per: 'minute', from: -11 * HOUR + 3 * MINUTE + 20_000, to: -50_000, perNode: true },
    { label: 'minute buckets over exactly 12 h', per: 'minute', from: -12 * HOUR - 30_000, to: -30_000, perNode: false },
    { label: 'hour buckets just over 12 h', per: 'hour', from: -12 * HOUR - 47 * MINUTE - 30_000, to: -12 * MINUTE - 30_000, perNode: false },
    { label: 'hour buckets with edge hours over 30 h, across a UTC midnight', per: 'hour', from: -30 * HOUR - 7.5 * MINUTE, to: -2 * HOUR + 13 * MINUTE + 20_000, perNode: true },
    { label: 'whole hours beyond 48 h', per: 'hour', from: -60 * HOUR + 17 * MINUTE, to: -25 * MINUTE, perNode: true },
  ] as const;

  it.each(RANGES)('$label: summary and trend buckets', async ({ per, from, to }) => {
    const range = { from: f.now + from, to: f.now + to };
    const span = spanOf(range);
    const bucketMs = per === 'minute' ? MINUTE : HOUR;
    const trend = DetailTrendAnswer.parse((await f.call('/domain/detail/trend', { id: taskId, range })).data);
    expect([trend.per, trend.bucketMs]).toEqual([per, bucketMs]);
    expect(trend.buckets.map(figures)).toEqual(expectedBuckets(checks, span, bucketMs));

    const [whole] = expectedBuckets(checks, span);
    expect(whole?.count).toBeGreaterThan(100);
    const summary = DetailSummaryAnswer.parse((await f.call('/domain/detail/summary', { id: taskId, range })).data);
    expect(figures({ ...summary, bucketStart: span.start })).toEqual(whole);
  });

  it.each(RANGES.filter((range) => range.perNode))('$label: breakdown and series per node', async ({ per, from, to }) => {
    const range = { from: f.now + from, to: f.now + to };
    const span = spanOf(range);
    const nodeIds = NODES.map((node) => f.node[node]);
    const trend = DetailTrendAnswer.parse((await f.call('/domain/detail/trend', { id: taskId, range, nodeIds })).data);
    const breakdown = DetailBreakdownAnswer.parse((await f.call('/domain/detail/breakdown', { id: taskId, range })).data);
    for (const node of NODES) {
      const own = checks.filter((check) => check.node === node);
      const series = trend.nodes.find((entry) => entry.nodeId === f.node[node]);
      expect(series?.buckets.map(figures)).toEqual(expectedBuckets(own, span, per === 'minute' ? MINUTE : HOUR));
      const [whole] = expectedBuckets(own, span);
      const figuresOfNode = breakdown.nodes.find((entry) => entry.nodeId === f.node[node]);
      expect([figuresOfNode?.count, figuresOfNode?.successes, figuresOfNode?.avgResponseMs]).toEqual([whole?.count, whole?.successes, whole?.avgResponseMs]);
    }
  });
});
