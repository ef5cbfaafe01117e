import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection.js';
import { foundation } from '../../src/server/db/migrations/0001-foundation.js';
import { nodes } from '../../src/server/db/migrations/0002-nodes.js';
import { tasksResults } from '../../src/server/db/migrations/0003-tasks-results.js';
import { agentJobs } from '../../src/server/db/migrations/0004-agent-jobs.js';
import { storeCounters } from '../../src/server/db/migrations/0005-store-counters.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { serviceStatusOf } from '../../src/shared/codes.js';
import { ingestBatch, type IngestItem } from '../../src/server/ingest/ingest.js';
import { HISTOGRAM_BINS, HISTOGRAM_COLUMNS, type HistogramColumn } from '../../src/server/ingest/histogram.js';
import { availability, bucketStarts, trend, type TimeRange } from '../../src/server/ingest/read.js';
import { upsertHourRollups } from '../../src/server/ingest/results-repo.js';
import { pruneResults } from '../../src/server/ingest/retention.js';
import type { RollupDelta } from '../../src/server/ingest/rollup-accumulator.js';
import { createTask } from '../../src/server/modules/tasks/service.js';
import type { StoreContext } from '../../src/server/modules/tasks/store-context.js';
import type { Task } from '../../src/server/modules/tasks/task-model.js';
import { createTestStore, httpTaskInput, STORE_START, tcpResult, type TestStore } from './tasks-helpers.js';

// The per-task hour sums (rollup_task_hour) and the task-first hour copy (rollup_hour_by_task) must
// answer exactly what a straightforward aggregate over rollup_hour answers.

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const NODES = [1, 2, 3];

/** A small seeded generator (mulberry32), so a failure replays. */
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

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Random results over the eight days before STORE_START: random gaps, failures and latencies. */
function randomItems(tasks: readonly Task[], random: () => number): IngestItem[] {
  const items: IngestItem[] = [];
  for (const task of tasks) {
    for (let ts = STORE_START - 8 * DAY + Math.floor(random() * HOUR); ts < STORE_START; ts += Math.floor((5 + random() * 60) * MINUTE)) {
      const ok = random() > 0.15;
      items.push({ taskId: task.id, result: tcpResult(ts, ok, ok ? 0.3 + random() * random() * 900 : null) });
    }
  }
  return items;
}

/** Delivers a node's items in random-sized batches, out of order within each batch. */
async function deliverRandomly(ctx: StoreContext, nodeId: number, items: readonly IngestItem[], random: () => number): Promise<void> {
  const sorted = [...items].sort((a, b) => Date.parse(a.result.startedAt) - Date.parse(b.result.startedAt));
  for (let start = 0, batch = 0; start < sorted.length; batch += 1) {
    const size = 1 + Math.floor(random() * 120);
    const answer = await ingestBatch(ctx, nodeId, `random-${batch}`, shuffled(sorted.slice(start, start + size), random));
    expect(answer.rejected).toBe(0);
    start += size;
  }
}

interface HourSums {
  task_id: number;
  count: number;
  successes: number;
  latency_count: number;
  latency_sum: number;
}

/** What availability answers, computed the plain way: rollup_hour over the hour-widened range. */
async function expectedAvailability(store: TestStore, range: TimeRange) {
  const from = Math.floor(range.from / HOUR) * HOUR;
  const to = Math.ceil(range.to / HOUR) * HOUR;
  const sums = await sql<HourSums>`
    select task_id, sum(count) as count, sum(successes) as successes, sum(latency_count) as latency_count, sum(latency_sum) as latency_sum
    from rollup_hour where bucket_start >= ${from} and bucket_start < ${to} group by task_id`.execute(store.db);
  const byTask = new Map(sums.rows.map((row) => [row.task_id, row]));
  const live = await store.db.selectFrom('tasks').select('id').where('cust_id', '=', store.custId).where('deleted_at', 'is', null).orderBy('id').execute();
  return live.map(({ id }) => {
    const row = byTask.get(id);
    const count = row?.count ?? 0;
    const percent = count > 0 ? ((row?.successes ?? 0) / count) * 100 : null;
    const latencyCount = row?.latency_count ?? 0;
    return {
      taskId: id,
      count,
      successes: row?.successes ?? 0,
      availabilityPercent: percent,
      avgLatencyMs: latencyCount > 0 ? (row?.latency_sum ?? 0) / latencyCount : null,
      serviceStatus: serviceStatusOf(percent),
    };
  });
}

/** What the hour trend answers, computed the plain way: rollup_hour at each hour bucket of the range. */
async function expectedHourTrend(store: TestStore, taskId: number, range: TimeRange) {
  const rows = await store.db
    .selectFrom('rollup_hour')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('bucket_start', 'in', bucketStarts(range, 'hour'))
    .orderBy('node_id')
    .orderBy('bucket_start')
    .execute();
  const nodes = new Map<number, unknown[]>();
  for (const row of rows) {
    const points = nodes.get(row.node_id) ?? [];
    points.push({
      bucketStart: row.bucket_start,
      count: row.count,
      successes: row.successes,
      availabilityPercent: (row.successes / row.count) * 100,
      avgLatencyMs: row.latency_count > 0 ? row.latency_sum / row.latency_count : null,
      minLatencyMs: row.latency_min,
      maxLatencyMs: row.latency_max,
    });
    nodes.set(row.node_id, points);
  }
  return [...nodes].map(([nodeId, points]) => ({ nodeId, points }));
}

describe('per-task hour rollups', () => {
  let store: TestStore;
  let ctx: StoreContext;
  let tasks: Task[];
  beforeEach(async () => {
    store = await createTestStore();
    ctx = { ...store.ctx, resultRetentionDays: 30 };
    tasks = [];
    for (let index = 0; index < 4; index += 1) tasks.push(await createTask(ctx, store.custId, httpTaskInput({ type: 2, port: 443, nodeIds: NODES })));
    tasks.push(await createTask(ctx, store.otherCustId, httpTaskInput({ type: 2, port: 443, nodeIds: NODES })));
    const random = seeded(20260301);
    for (const nodeId of NODES) await deliverRandomly(ctx, nodeId, randomItems(tasks, random), random);
    // A deleted task keeps its rollups but leaves the availability list.
    await store.db.updateTable('tasks').set({ deleted_at: STORE_START }).where('id', '=', tasks[3]?.id ?? 0).execute();
  }, 60_000);
  afterEach(async () => {
    await store.close();
  });

  it('hold rollup_hour summed per task, and rollup_hour as it is keyed per task', async () => {
    const perTask = await sql<HourSums & { bucket_start: number }>`
      select bucket_start, task_id, sum(count) as count, sum(successes) as successes, sum(latency_count) as latency_count, sum(latency_sum) as latency_sum
      from rollup_hour group by bucket_start, task_id order by bucket_start, task_id`.execute(store.db);
    const taskHour = await store.db.selectFrom('rollup_task_hour').selectAll().orderBy('bucket_start').orderBy('task_id').execute();
    expect(perTask.rows.length).toBeGreaterThan(500);
    expect(taskHour.map(({ latency_sum: _, ...row }) => row)).toEqual(perTask.rows.map(({ latency_sum: _, ...row }) => row));
    taskHour.forEach((row, index) => expect(row.latency_sum).toBeCloseTo(perTask.rows[index]?.latency_sum ?? Number.NaN, 6));

    const columns = ['task_id', 'bucket_start', 'node_id', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max'] as const;
    const hour = await store.db.selectFrom('rollup_hour').select(columns).orderBy('task_id').orderBy('bucket_start').orderBy('node_id').execute();
    const byTask = await store.db.selectFrom('rollup_hour_by_task').select(columns).orderBy('task_id').orderBy('bucket_start').orderBy('node_id').execute();
    expect(byTask).toEqual(hour);
  });

  it('hold rollup_task_hour summed per UTC day', async () => {
    const perDay = await sql<HourSums & { bucket_start: number }>`
      select bucket_start - (bucket_start % 86400000) as bucket_start, task_id, sum(count) as count, sum(successes) as successes,
        sum(latency_count) as latency_count, sum(latency_sum) as latency_sum
      from rollup_task_hour group by 1, task_id order by 1, task_id`.execute(store.db);
    const taskDay = await store.db.selectFrom('rollup_task_day').selectAll().orderBy('bucket_start').orderBy('task_id').execute();
    expect(perDay.rows.length).toBeGreaterThan(10);
    expect(taskDay.map(({ latency_sum: _, ...row }) => row)).toEqual(perDay.rows.map(({ latency_sum: _, ...row }) => row));
    taskDay.forEach((row, index) => expect(row.latency_sum).toBeCloseTo(perDay.rows[index]?.latency_sum ?? Number.NaN, 6));
  });

  it('hold rollup_minute summed per task', async () => {
    const perTask = await sql<HourSums & { bucket_start: number }>`
      select bucket_start, task_id, sum(count) as count, sum(successes) as successes, sum(latency_count) as latency_count, sum(latency_sum) as latency_sum
      from rollup_minute group by bucket_start, task_id order by bucket_start, task_id`.execute(store.db);
    const taskMinute = await store.db.selectFrom('rollup_task_minute').selectAll().orderBy('bucket_start').orderBy('task_id').execute();
    expect(perTask.rows.length).toBeGreaterThan(0);
    expect(taskMinute.map(({ latency_sum: _, ...row }) => row)).toEqual(perTask.rows.map(({ latency_sum: _, ...row }) => row));
    taskMinute.forEach((row, index) => expect(row.latency_sum).toBeCloseTo(perTask.rows[index]?.latency_sum ?? Number.NaN, 6));
  });

  it('give the availability a plain aggregate of rollup_hour gives', async () => {
    const ranges = [
      { from: STORE_START - DAY, to: STORE_START },
      { from: STORE_START - 7 * DAY, to: STORE_START },
      { from: STORE_START - 3 * DAY - 17 * MINUTE, to: STORE_START - DAY + 5 * MINUTE },
      { from: STORE_START - 9 * DAY, to: STORE_START + DAY },
      { from: STORE_START - 4 * HOUR + 1, to: STORE_START - 1 },
    ];
    for (const range of ranges) {
      const answer = await availability(ctx, store.custId, range);
      const expected = await expectedAvailability(store, range);
      expect(answer.map((row) => row.taskId)).toEqual([tasks[0]?.id, tasks[1]?.id, tasks[2]?.id]);
      expect(answer.map(({ avgLatencyMs: _, ...row }) => row)).toEqual(expected.map(({ avgLatencyMs: _, ...row }) => row));
      answer.forEach((row, index) => {
        const want = expected[index]?.avgLatencyMs ?? null;
        if (want === null) expect(row.avgLatencyMs).toBeNull();
        else expect(Math.abs((row.avgLatencyMs ?? Number.NaN) - want) / want).toBeLessThan(1e-9);
      });
      expect(answer.some((row) => row.count > 0)).toBe(true);
    }
  });

  it('give the per-node hour trend a plain read of rollup_hour gives', async () => {
    const ranges: (TimeRange & { per?: 'hour' })[] = [
      { from: STORE_START - 7 * DAY, to: STORE_START },
      { from: STORE_START - 5 * DAY - 29 * MINUTE, to: STORE_START - 2 * DAY + 31 * MINUTE },
      { from: STORE_START - 10 * DAY, to: STORE_START + DAY },
      { from: STORE_START - 6 * HOUR - 1, to: STORE_START - HOUR + 1, per: 'hour' },
    ];
    for (const task of tasks.slice(0, 3)) {
      for (const range of ranges) {
        const answer = await trend(ctx, store.custId, task.id, range);
        expect(answer.per).toBe('hour');
        expect(answer.nodes.map((node) => node.nodeId)).toEqual(NODES);
        expect(answer.nodes).toEqual(await expectedHourTrend(store, task.id, range));
      }
    }
  });
});

describe('migration 0006', () => {
  it('fills the per-task hour rollups from the hour rollups a store already has', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-migrate-'));
    const db = openDatabase(join(dir, 'vigil.db'));
    try {
      const before = { '0001_foundation': foundation, '0002_nodes': nodes, '0003_tasks_results': tasksResults, '0004_agent_jobs': agentJobs, '0005_store_counters': storeCounters };
      const migrated = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
      expect(migrated.error).toBeUndefined();
      const row = (taskId: number, nodeId: number, hour: number, count: number, latencySum: number) => ({
        task_id: taskId, node_id: nodeId, bucket_start: STORE_START + hour * HOUR, count, successes: count - 1,
        latency_count: count - 1, latency_sum: latencySum, latency_min: 1.5, latency_max: 9.25,
      });
      const rows = [row(1, 1, 0, 5, 20.5), row(1, 2, 0, 3, 7.25), row(2, 1, 0, 4, 12), row(1, 1, 1, 2, 3.5)];
      const bins = Object.fromEntries(HISTOGRAM_COLUMNS.map((column) => [column, 0])) as Record<HistogramColumn, number>;
      await db.insertInto('rollup_hour').values(rows.map((value) => ({ ...bins, ...value, h10: value.successes }))).execute();

      await migrateToLatest(db);
      expect(await db.selectFrom('rollup_task_hour').selectAll().orderBy('bucket_start').orderBy('task_id').execute()).toEqual([
        { bucket_start: STORE_START, task_id: 1, count: 8, successes: 6, latency_count: 6, latency_sum: 27.75 },
        { bucket_start: STORE_START, task_id: 2, count: 4, successes: 3, latency_count: 3, latency_sum: 12 },
        { bucket_start: STORE_START + HOUR, task_id: 1, count: 2, successes: 1, latency_count: 1, latency_sum: 3.5 },
      ]);
      const copied = await db.selectFrom('rollup_hour_by_task').selectAll().orderBy('task_id').orderBy('bucket_start').orderBy('node_id').execute();
      expect(copied).toEqual([rows[0], rows[1], rows[3], rows[2]]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('retention of the per-task hour rollups', () => {
  it('prunes them with rollup_hour, over many chunks', async () => {
    const store = await createTestStore();
    try {
      const deltas: RollupDelta[] = [];
      const bins = new Array<number>(HISTOGRAM_BINS).fill(0);
      for (let hour = 0; hour < 100; hour += 1) {
        for (let taskId = 1; taskId <= 40; taskId += 1) {
          for (const nodeId of NODES) {
            const bucketStart = STORE_START - (100 - hour) * HOUR;
            deltas.push({ taskId, nodeId, bucketStart, count: 2, successes: 1, latencyCount: 1, latencySum: 4.5, latencyMin: 4.5, latencyMax: 4.5, bins });
          }
        }
      }
      await upsertHourRollups(store.db, deltas);
      // Keep the newest 40 hours: 60 × 40 × 3 rollup_hour rows go (more than one delete chunk).
      const counts = await pruneResults(store.db, STORE_START - 40 * HOUR + 400 * DAY, { hour: 400 });
      expect(counts.hour).toBe(7200);
      const keys = (table: 'rollup_hour' | 'rollup_hour_by_task') =>
        store.db.selectFrom(table).select(['task_id', 'bucket_start', 'node_id']).orderBy('task_id').orderBy('bucket_start').orderBy('node_id').execute();
      const kept = await keys('rollup_hour');
      expect(kept.length).toBe(4800);
      expect(await keys('rollup_hour_by_task')).toEqual(kept);
      const oldest = await store.db.selectFrom('rollup_task_hour').select(({ fn }) => [fn.min('bucket_start').as('min'), fn.countAll().as('rows')]).executeTakeFirst();
      expect(oldest).toEqual({ min: STORE_START - 40 * HOUR, rows: 1600 });
    } finally {
      await store.close();
    }
  });
});
