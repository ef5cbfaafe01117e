import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connection.js';
import { foundation } from '../../../src/server/db/migrations/0001-foundation.js';
import { nodes } from '../../../src/server/db/migrations/0002-nodes.js';
import { tasksResults } from '../../../src/server/db/migrations/0003-tasks-results.js';
import { agentJobs } from '../../../src/server/db/migrations/0004-agent-jobs.js';
import { storeCounters } from '../../../src/server/db/migrations/0005-store-counters.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { ingestBatch, pruneResults, rangeSums, type IngestItem, type TimeRange } from '../../../src/server/results/index.js';
import { HISTOGRAM_BINS, HISTOGRAM_COLUMNS, type HistogramColumn } from '../../../src/server/results/histogram.js';
import { upsertHourRollups } from '../../../src/server/results/results-repo.js';
import type { RollupDelta } from '../../../src/server/results/rollup-accumulator.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { StoreContext } from '../../../src/server/modules/tasks/store-context.js';
import type { Task } from '../../../src/server/modules/tasks/task-model.js';
import { createTestStore, httpTaskInput, STORE_START, tcpResult, type TestStore } from '../tasks-helpers.js';
import { testEngine } from '../test-database.js';
import { seeded } from '../../support/seeded.js';

// The per-task hour sums (rollup_task_hour) and the task-first hour copy (rollup_hour_by_task) must
// answer exactly what a straightforward aggregate over rollup_hour answers.

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const NODES = [1, 2, 3];

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

/** Plain sums over the raw results of the customer's live tasks whose start time is in the range, grouped by one column. */
async function rawSums(store: TestStore, range: TimeRange, column: 'task_id' | 'node_id', taskId?: number) {
  const task = taskId === undefined ? sql`` : sql` and task_id = ${taskId}`;
  const sums = await sql<HourSums & { key: number }>`
    select ${sql.ref(column)} as key, count(*) as count, sum(ok) as successes,
      sum(case when ok = 1 and latency_ms is not null then 1 else 0 end) as latency_count, coalesce(sum(case when ok = 1 then latency_ms end), 0) as latency_sum
    from results where ts >= ${range.from} and ts < ${range.to}${task}
      and task_id in (select id from tasks where cust_id = ${store.custId} and deleted_at is null)
    group by 1 order by 1`.execute(store.db);
  return sums.rows.map((row) => [row.key, row.count, row.successes, row.latency_count, Math.round(row.latency_sum * 1e6)]);
}

const rounded = (groups: readonly { count: number; successes: number; latencyCount: number; latencySum: number }[], keyOf: (group: never) => number) =>
  groups.map((group) => [keyOf(group as never), group.count, group.successes, group.latencyCount, Math.round(group.latencySum * 1e6)]);

/** The same rows, their latency sums equal but for floating point (summed in another order). */
function expectSameSums(actual: readonly { latency_sum: number }[], expected: readonly { latency_sum: number }[]): void {
  expect(actual.map(({ latency_sum: _, ...row }) => row)).toEqual(expected.map(({ latency_sum: _, ...row }) => row));
  actual.forEach((row, index) => expect(row.latency_sum).toBeCloseTo(expected[index]?.latency_sum ?? Number.NaN, 6));
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
    expectSameSums(taskHour, perTask.rows);

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
    expectSameSums(taskDay, perDay.rows);
  });

  it('hold rollup_minute summed per task', async () => {
    const perTask = await sql<HourSums & { bucket_start: number }>`
      select bucket_start, task_id, sum(count) as count, sum(successes) as successes, sum(latency_count) as latency_count, sum(latency_sum) as latency_sum
      from rollup_minute group by bucket_start, task_id order by bucket_start, task_id`.execute(store.db);
    const taskMinute = await store.db.selectFrom('rollup_task_minute').selectAll().orderBy('bucket_start').orderBy('task_id').execute();
    expect(perTask.rows.length).toBeGreaterThan(0);
    expectSameSums(taskMinute, perTask.rows);
  });

  it('hold rollup_task_minute summed per ten minutes', async () => {
    const perTen = await sql<HourSums & { bucket_start: number }>`
      select bucket_start - (bucket_start % 600000) as bucket_start, task_id, sum(count) as count, sum(successes) as successes,
        sum(latency_count) as latency_count, sum(latency_sum) as latency_sum
      from rollup_task_minute group by 1, task_id order by 1, task_id`.execute(store.db);
    const taskTen = await store.db.selectFrom('rollup_task_ten_minute').selectAll().orderBy('bucket_start').orderBy('task_id').execute();
    expect(perTen.rows.length).toBeGreaterThan(100);
    expectSameSums(taskTen, perTen.rows);
  });

  it('sum per task, per node and per bucket exactly the raw checks whose start is in the range', async () => {
    const ranges = [
      { from: STORE_START - DAY, to: STORE_START },
      { from: STORE_START - 7 * DAY, to: STORE_START },
      { from: STORE_START - 3 * DAY - 17 * MINUTE - 13_001, to: STORE_START - DAY + 5 * MINUTE + 7_003 },
      { from: STORE_START - 9 * DAY, to: STORE_START + DAY },
      { from: STORE_START - 4 * HOUR + 1, to: STORE_START - 1 },
      { from: STORE_START - 6 * HOUR - 1, to: STORE_START - HOUR + 1 },
    ];
    for (const range of ranges) {
      const byTask = await rangeSums(ctx, { custId: store.custId }, range, { by: 'task' });
      expect(byTask.covered).toEqual(range);
      expect(rounded([...byTask.groups].sort((a, b) => a.taskId - b.taskId), (group: { taskId: number }) => group.taskId)).toEqual(await rawSums(store, range, 'task_id'));
      for (const task of tasks.slice(0, 3)) {
        const scope = { custId: store.custId, taskIds: [task.id] };
        const byNode = await rangeSums(ctx, scope, range, { by: 'node' });
        const expected = await rawSums(store, range, 'node_id', task.id);
        expect(rounded(byNode.groups, (group: { nodeId: number }) => group.nodeId)).toEqual(expected);
        const buckets = await rangeSums(ctx, scope, range, { by: 'time', nodeIds: NODES });
        const summed = NODES.map((nodeId) => {
          const ofNode = buckets.groups.filter((group) => group.nodeId === nodeId);
          const sum = (field: 'count' | 'successes' | 'latencyCount' | 'latencySum') => ofNode.reduce((total, group) => total + group[field], 0);
          return { nodeId, count: sum('count'), successes: sum('successes'), latencyCount: sum('latencyCount'), latencySum: sum('latencySum') };
        });
        expect(rounded(summed.filter((node) => node.count > 0), (group: { nodeId: number }) => group.nodeId)).toEqual(expected);
      }
    }
    // Another customer's task is never read.
    const foreign = await rangeSums(ctx, { custId: store.custId, taskIds: [tasks[4]?.id ?? 0] }, ranges[0] ?? { from: 0, to: 1 }, { by: 'node' });
    expect(foreign.groups).toEqual([]);
  });
});

// Migrates an old SQLite file: no PostgreSQL database predates migration 0006.
describe.skipIf(testEngine === 'postgres')('migration 0006', () => {
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
