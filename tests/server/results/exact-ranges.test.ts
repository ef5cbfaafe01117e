import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainListAnswer } from '../../../src/shared/calls/domain-list.js';
import { DomainOverviewAnswer } from '../../../src/shared/calls/domain-overview.js';
import { DetailBreakdownAnswer, DetailSummaryAnswer, DetailTrendAnswer } from '../../../src/shared/calls/domain-detail-answers.js';
import { MONITOR_TYPES, serviceStatusOf, SERVICE_STATUS } from '../../../src/shared/codes.js';
import { pruneResults } from '../../../src/server/results/index.js';
import { DAY, HOUR, MINUTE, detailFixture, httpCheck, type DetailFixture, type NodeName } from '../domain-detail/detail-helpers.js';
import { seeded } from '../../support/seeded.js';

/*
 * The rule (docs/architecture.md): a check belongs to a range when its start time is in [from, to).
 * One table of ragged ranges drives all five readers — the list row, the overview counts, the detail
 * summary, every trend bucket and the breakdown — through the real app on a real SQLite file, with
 * results stored by the real ingest; each figure must equal plain sums over the checks written.
 * Three nodes check two tasks densely over the last 4 h and sparsely back to 33 days (random gaps,
 * failures, latencies in quarter milliseconds so every sum is exact). The clock stands mid-minute.
 */

interface Check {
  task: number;
  node: NodeName;
  at: number;
  ok: boolean;
  latencyMs: number | null;
}

interface Figures {
  count: number;
  successes: number;
  avgResponseMs: number | null;
  minResponseMs: number | null;
  maxResponseMs: number | null;
}

const NODES: NodeName[] = ['beijingTelecom', 'singapore', 'tokyo'];

/** Dense checks (every 5-40 s) over the last 4 h, sparse ones (every 1-40 min) before, back to 33 days. */
function randomChecks(task: number, failRate: number, now: number, random: () => number): Check[] {
  const checks: Check[] = [];
  for (const node of NODES) {
    for (let at = now - 33 * DAY + Math.floor(random() * 10 * MINUTE); at < now; ) {
      const ok = random() > failRate;
      checks.push({ task, node, at, ok, latencyMs: ok ? 10 + Math.floor(random() * 2_000) / 4 : null });
      at += now - at < 4 * HOUR ? 5_000 + Math.floor(random() * 35_000) : MINUTE + Math.floor(random() * 39 * MINUTE);
    }
  }
  return checks;
}

function figuresOf(checks: readonly Check[]): Figures & { latencySum: number; latencyCount: number } {
  const figures = { count: 0, successes: 0, latencySum: 0, latencyCount: 0, avgResponseMs: null as number | null, minResponseMs: null as number | null, maxResponseMs: null as number | null };
  for (const check of checks) {
    figures.count += 1;
    if (!check.ok || check.latencyMs === null) continue;
    figures.successes += 1;
    figures.latencySum += check.latencyMs;
    figures.latencyCount += 1;
    figures.minResponseMs = Math.min(figures.minResponseMs ?? check.latencyMs, check.latencyMs);
    figures.maxResponseMs = Math.max(figures.maxResponseMs ?? check.latencyMs, check.latencyMs);
  }
  figures.avgResponseMs = figures.latencyCount > 0 ? figures.latencySum / figures.latencyCount : null;
  return figures;
}

const inRange = (checks: readonly Check[], range: { from: number; to: number }) => checks.filter((check) => check.at >= range.from && check.at < range.to);
const availability = (figures: Pick<Figures, 'count' | 'successes'>) => (figures.count > 0 ? (figures.successes / figures.count) * 100 : null);
const shown = ({ count, successes, avgResponseMs, minResponseMs, maxResponseMs }: Figures): Figures => ({ count, successes, avgResponseMs, minResponseMs, maxResponseMs });

/** Per bucket of `bucketMs`, the first one starting where the range does; buckets without checks absent. */
function expectedBuckets(checks: readonly Check[], range: { from: number; to: number }, bucketMs: number): (Figures & { bucketStart: number })[] {
  const buckets = new Map<number, Check[]>();
  for (const check of inRange(checks, range)) {
    const start = Math.max(Math.floor(check.at / bucketMs) * bucketMs, range.from);
    buckets.set(start, [...(buckets.get(start) ?? []), check]);
  }
  return [...buckets].sort(([a], [b]) => a - b).map(([bucketStart, own]) => ({ bucketStart, ...shown(figuresOf(own)) }));
}

describe('one rule for every reader: a check belongs to a range when its start time is in [from, to)', () => {
  let f: DetailFixture;
  let tasks: number[];
  let checks: Check[];
  let now: number;

  const setClock = (time: number) => f.server.clock.advanceSeconds((time - f.server.clock.now()) / 1000);

  beforeAll(async () => {
    f = await detailFixture();
    // Mid-minute, as a real "now" always is.
    now = f.now + 27 * MINUTE + 13_500;
    const input = (name: string) => ({ type: MONITOR_TYPES.HTTP, name, domain: `${name.toLowerCase()}.example.com`, frequencyMinutes: 1, nodes: NODES });
    tasks = [await f.task(input('Shop')), await f.task(input('Blog')), await f.task(input('Quiet'))];
    const random = seeded(42);
    checks = [...randomChecks(tasks[0] ?? 0, 0.03, now, random), ...randomChecks(tasks[1] ?? 0, 0.2, now, random)];
    // Stored day by day, the clock moved along, so ingest accepts each day's checks as fresh.
    for (let day = now - 34 * DAY; day < now; day += DAY) {
      setClock(Math.min(day + DAY, now));
      for (const task of tasks) {
        for (const node of NODES) {
          const own = checks.filter((check) => check.task === task && check.node === node && check.at >= day && check.at < day + DAY);
          if (own.length > 0) await f.ingest(node, task, own.map((check) => httpCheck(check.at, check.ok ? { totalMs: check.latencyMs ?? 0 } : { statusCode: 503 })));
        }
      }
    }
    setClock(now);
    // An agent whose clock runs ahead (ingest takes checks up to 5 min ahead): stored in the current
    // hour's rollups, yet no range ending now may count them.
    const ahead = [now + 20_000, now + 2 * MINUTE + 5_000].map((at): Check => ({ task: tasks[0] ?? 0, node: 'tokyo', at, ok: true, latencyMs: 42.25 }));
    checks.push(...ahead);
    await f.ingest('tokyo', tasks[0] ?? 0, ahead.map((check) => httpCheck(check.at, { totalMs: check.latencyMs ?? 0 })));
  }, 120_000);
  afterAll(async () => {
    await f.close();
  });

  /** Ranges as offsets from now; `hours` ranges are asked as the console's "last n hours" (the overview too). */
  const RANGES = [
    { label: 'last 1 h', from: -HOUR, to: 0, hours: 1 },
    { label: 'last 3 h', from: -3 * HOUR, to: 0, hours: 3 },
    { label: 'last 6 h', from: -6 * HOUR, to: 0, hours: 6 },
    { label: 'last 12 h', from: -12 * HOUR, to: 0, hours: 12 },
    { label: 'last 7 d', from: -7 * DAY, to: 0, hours: 168 },
    { label: '59 s across a minute edge', from: -3 * MINUTE - 41_500, to: -3 * MINUTE + 17_500 },
    { label: '3 h 1 min, mid-minute ends', from: -3 * HOUR - MINUTE - 13_250, to: -12_500 },
    { label: '1 h 18 min from 8.5 min into an hour (its first ten minutes less their last minutes)', from: -HOUR - 18 * MINUTE - 43_500, to: 0 },
    { label: '2 h 31 min, 1 min 40 s and 3 min 7 s into ten minutes', from: -3 * HOUR - 5 * MINUTE - 33_250, to: -34 * MINUTE - 5_750 },
    { label: '13 h, mid-hour start', from: -13 * HOUR - 31 * MINUTE - 7_000, to: -31 * MINUTE - 7_000 },
    { label: '49 h across UTC midnights', from: -49 * HOUR - 7.5 * MINUTE, to: -2 * HOUR + 13 * MINUTE + 20_000 },
    { label: '7 d custom with seconds', from: -7 * DAY - 17 * MINUTE - 3_000, to: -2 * HOUR - 41_000 },
    { label: '31 d (last month)', from: -31 * DAY + 1_000, to: -1_000 },
  ] as const;

  const rangeOf = (row: (typeof RANGES)[number]) => ({ from: now + row.from, to: now + row.to });
  const asked = (row: (typeof RANGES)[number]) => ('hours' in row ? { hours: row.hours } : rangeOf(row));

  it.each(RANGES)('$label: list rows and overview counts', async (row) => {
    const range = rangeOf(row);
    const list = DomainListAnswer.parse((await f.call('/domain/list', { type: MONITOR_TYPES.HTTP, ...asked(row) })).data);
    expect(list.covered).toEqual({ from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() });
    for (const task of tasks) {
      const want = figuresOf(inRange(checks.filter((check) => check.task === task), range));
      const listed = list.list.find((entry) => entry.id === task);
      expect([listed?.availabilityPercent, listed?.avgResponseMs]).toEqual([availability(want), want.avgResponseMs]);
    }
    if (!('hours' in row)) return;
    const overview = DomainOverviewAnswer.parse((await f.call('/domain/overview', { hours: row.hours })).data);
    const bands = tasks.map((task) => serviceStatusOf(availability(figuresOf(inRange(checks.filter((check) => check.task === task), range)))));
    const count = (status: number) => bands.filter((band) => band === status).length;
    expect(overview.types.find((type) => type.type === MONITOR_TYPES.HTTP)).toMatchObject({
      normal: count(SERVICE_STATUS.NORMAL),
      warning: count(SERVICE_STATUS.WARNING),
      error: count(SERVICE_STATUS.ERROR),
      none: count(SERVICE_STATUS.NONE),
    });
    for (const entry of overview.attention) {
      expect(entry.availabilityPercent).toEqual(availability(figuresOf(inRange(checks.filter((check) => check.task === entry.id), range))));
    }
  });

  it.each(RANGES)('$label: detail summary, every trend bucket and the breakdown', async (row) => {
    const range = rangeOf(row);
    for (const task of tasks.slice(0, 2)) {
      const own = checks.filter((check) => check.task === task);
      const body = { id: task, range: asked(row) };
      const summary = DetailSummaryAnswer.parse((await f.call('/domain/detail/summary', body)).data);
      const whole = figuresOf(inRange(own, range));
      expect(shown(summary)).toEqual(shown(whole));

      const nodeIds = NODES.map((node) => f.node[node]);
      const trend = DetailTrendAnswer.parse((await f.call('/domain/detail/trend', { ...body, nodeIds })).data);
      const bucketMs = range.to - range.from <= 12 * HOUR ? MINUTE : HOUR;
      expect(trend.bucketMs).toBe(bucketMs);
      expect(trend.buckets.map((bucket) => ({ bucketStart: bucket.bucketStart, ...shown({ ...bucket }) }))).toEqual(expectedBuckets(own, range, bucketMs));
      expect(trend.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(summary.count);

      const breakdown = DetailBreakdownAnswer.parse((await f.call('/domain/detail/breakdown', body)).data);
      for (const node of NODES) {
        const ofNode = own.filter((check) => check.node === node);
        const series = trend.nodes.find((entry) => entry.nodeId === f.node[node]);
        expect(series?.buckets.map((bucket) => ({ bucketStart: bucket.bucketStart, ...shown({ ...bucket }) }))).toEqual(expectedBuckets(ofNode, range, bucketMs));
        const want = figuresOf(inRange(ofNode, range));
        const figures = breakdown.nodes.find((entry) => entry.nodeId === f.node[node]);
        expect([figures?.count, figures?.successes, figures?.avgResponseMs]).toEqual([want.count, want.successes, want.avgResponseMs]);
      }
      for (const answer of [summary, trend, breakdown]) expect(answer.covered).toEqual({ from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() });
    }
  });

  // Last: it prunes the store.
  it('where pruning took the finer data at an edge, reads whole hours inside and says which range it covered', async () => {
    await pruneResults(f.server.db, now);
    const ranges = [
      // Minute rollups are kept 2 days: a 49 h range starts at the next whole hour.
      { from: now - 49 * HOUR - 7.5 * MINUTE, to: now - 2 * HOUR + 13 * MINUTE + 20_000, coveredFrom: Math.ceil((now - 49 * HOUR - 7.5 * MINUTE) / HOUR) * HOUR },
      // Raw results are kept 7 days.
      { from: now - 31 * DAY + 1_000, to: now - 1_000, coveredFrom: Math.ceil((now - 31 * DAY + 1_000) / HOUR) * HOUR },
      // Inside what is kept, nothing changes.
      { from: now - 13 * HOUR - 7_000, to: now - 7_000, coveredFrom: now - 13 * HOUR - 7_000 },
    ];
    for (const range of ranges) {
      const covered = { from: range.coveredFrom, to: range.to };
      const iso = { from: new Date(covered.from).toISOString(), to: new Date(covered.to).toISOString() };
      const list = DomainListAnswer.parse((await f.call('/domain/list', { type: MONITOR_TYPES.HTTP, from: range.from, to: range.to })).data);
      expect(list.covered).toEqual(iso);
      const own = checks.filter((check) => check.task === tasks[0]);
      expect(list.list.find((entry) => entry.id === tasks[0])?.availabilityPercent).toEqual(availability(figuresOf(inRange(own, covered))));
      const body = { id: tasks[0], range: { from: range.from, to: range.to } };
      const summary = DetailSummaryAnswer.parse((await f.call('/domain/detail/summary', body)).data);
      expect(summary.covered).toEqual(iso);
      expect(shown(summary)).toEqual(shown(figuresOf(inRange(own, covered))));
      const trend = DetailTrendAnswer.parse((await f.call('/domain/detail/trend', body)).data);
      expect(trend.covered).toEqual(iso);
      expect(trend.buckets.map((bucket) => ({ bucketStart: bucket.bucketStart, ...shown({ ...bucket }) }))).toEqual(expectedBuckets(own, covered, trend.bucketMs));
      const breakdown = DetailBreakdownAnswer.parse((await f.call('/domain/detail/breakdown', body)).data);
      expect(breakdown.covered).toEqual(iso);
    }
  });
});
