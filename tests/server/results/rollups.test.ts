import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_STATUS, serviceStatusOf } from '../../../src/shared/codes.js';
import { availabilityOf, averageLatencyOf, ingestBatch, pruneResults, rangeSums, type IngestItem, type TimeRange } from '../../../src/server/results/index.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { Task } from '../../../src/server/modules/tasks/task-model.js';
import { createTestStore, httpTaskInput, STORE_START, tcpResult, type TestStore } from '../tasks-helpers.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

async function tcpTask(store: TestStore, nodeIds: number[], custId = store.custId): Promise<Task> {
  return createTask(store.ctx, custId, httpTaskInput({ type: 2, port: 443, nodeIds }));
}

/** Sends items in batches of `size`, each with its own id, each received when its newest result is fresh. */
async function deliver(store: TestStore, nodeId: number, items: IngestItem[], size: number, prefix: string): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    store.setTime(Math.max(...batch.map((item) => Date.parse(item.result.startedAt))));
    const answer = await ingestBatch(store.ctx, nodeId, `${prefix}-${start}`, batch);
    expect(answer.rejected).toBe(0);
  }
}

/** Every task's availability and average latency over the range, as the list reads them. */
async function availability(store: TestStore, tasks: readonly Task[], range: TimeRange) {
  const answer = await rangeSums(store.ctx, { custId: store.custId }, range, { by: 'task' });
  return tasks.map((task) => {
    const sums = answer.groups.find((group) => group.taskId === task.id);
    const percent = sums ? availabilityOf(sums) : null;
    return [task.id, sums?.count ?? 0, percent, sums ? averageLatencyOf(sums) : null, serviceStatusOf(percent)];
  });
}

describe('rollups', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('equal what the raw rows say, per minute and per hour, across batches', async () => {
    const tasks = [await tcpTask(store, [1, 2]), await tcpTask(store, [1, 2])];
    for (const nodeId of [1, 2]) {
      const items: IngestItem[] = [];
      // Two and a half hours, a result every 20 s, some failing, latencies spread over many bins.
      for (let ts = STORE_START - 30 * MINUTE; ts < STORE_START + 2 * HOUR; ts += 20_000) {
        for (const task of tasks) {
          const step = (ts - STORE_START) / 20_000 + task.id * 7 + nodeId;
          const ok = step % 9 !== 0;
          items.push({ taskId: task.id, result: tcpResult(ts + nodeId, ok, ok ? 0.4 + (Math.abs(step) % 97) * 3.3 : null) });
        }
      }
      // Small batches from one node, large ones (written 100 rows a statement) from the other.
      await deliver(store, nodeId, items.reverse(), nodeId === 1 ? 37 : 250, `n${nodeId}`);
    }

    for (const [table, bucket] of [['rollup_minute', MINUTE], ['rollup_hour', HOUR]] as const) {
      const expected = await sql<Record<string, number>>`
        select task_id, node_id, (ts / ${sql.lit(bucket)}) * ${sql.lit(bucket)} as bucket_start, count(*) as count, sum(ok) as successes,
          sum(case when ok = 1 and latency_ms is not null then 1 else 0 end) as latency_count,
          coalesce(sum(case when ok = 1 then latency_ms end), 0) as latency_sum,
          min(case when ok = 1 then latency_ms end) as latency_min, max(case when ok = 1 then latency_ms end) as latency_max
        from results group by 1, 2, 3 order by 1, 2, 3`.execute(store.db);
      const actual = await store.db
        .selectFrom(table)
        .select(['task_id', 'node_id', 'bucket_start', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max'])
        .orderBy('task_id').orderBy('node_id').orderBy('bucket_start')
        .execute();
      expect(actual.length).toBe(expected.rows.length);
      actual.forEach((row, index) => {
        const want = expected.rows[index] ?? {};
        expect({ ...row, latency_sum: Math.round(row.latency_sum * 1000) }).toEqual({ ...want, latency_sum: Math.round((want.latency_sum ?? 0) * 1000) });
      });
      const histogramTotals = await sql<{ bins: number; latency: number }>`
        select sum(${sql.raw(Array.from({ length: 64 }, (_, i) => `h${String(i).padStart(2, '0')}`).join(' + '))}) as bins, sum(latency_count) as latency
        from ${sql.table(table)}`.execute(store.db);
      expect(histogramTotals.rows[0]?.bins).toBe(histogramTotals.rows[0]?.latency);
    }
  });

  it('give the 95/75 service status bands and the average latency', async () => {
    const [full, most, half, silent] = [await tcpTask(store, [1]), await tcpTask(store, [1]), await tcpTask(store, [1]), await tcpTask(store, [1])];
    const items: IngestItem[] = [];
    ([[full, 1], [most, 0.8], [half, 0.5]] as const).forEach(([task, rate], index) => {
      for (let i = 0; i < 20; i++) {
        const ok = i < rate * 20;
        items.push({ taskId: task.id, result: tcpResult(STORE_START + i * MINUTE, ok, ok ? 10 + index : null) });
      }
    });
    await deliver(store, 1, items, 25, 'avail');
    // Another customer's task never shows.
    await tcpTask(store, [1], store.otherCustId);

    for (const range of [{ from: STORE_START, to: STORE_START + HOUR }, { from: STORE_START - DAY, to: STORE_START + HOUR }]) {
      expect(await availability(store, [full, most, half, silent], range)).toEqual([
        [full.id, 20, 100, 10, SERVICE_STATUS.NORMAL],
        [most.id, 20, 80, 11, SERVICE_STATUS.WARNING],
        [half.id, 20, 50, 12, SERVICE_STATUS.ERROR],
        [silent.id, 0, null, null, SERVICE_STATUS.NONE],
      ]);
    }
  });

  it('give per-node trends per minute and per hour', async () => {
    const task = await tcpTask(store, [1, 2]);
    await deliver(store, 1, [0, 1, 2].map((i) => ({ taskId: task.id, result: tcpResult(STORE_START + i * MINUTE, true, 10 * (i + 1)) })), 10, 'a');
    await deliver(store, 2, [{ taskId: task.id, result: tcpResult(STORE_START + 90 * MINUTE, false, null) }], 10, 'b');
    const scope = { custId: store.custId, taskIds: [task.id] };
    const points = (groups: Awaited<ReturnType<typeof rangeSums>>['groups']) =>
      groups.map((group) => [group.nodeId, group.bucketStart, group.count, group.successes, averageLatencyOf(group), group.latencyMin, group.latencyMax]);

    const perMinute = await rangeSums(store.ctx, scope, { from: STORE_START, to: STORE_START + 2 * HOUR }, { by: 'time', nodeIds: [1, 2] });
    expect(perMinute.bucketMs).toBe(MINUTE);
    expect(points(perMinute.groups)).toEqual([
      ...[10, 20, 30].map((latency, i) => [1, STORE_START + i * MINUTE, 1, 1, latency, latency, latency]),
      [2, STORE_START + 90 * MINUTE, 1, 0, null, null, null],
    ]);

    const week = await rangeSums(store.ctx, scope, { from: STORE_START - 6 * DAY, to: STORE_START + DAY }, { by: 'time', nodeIds: [1, 2] });
    expect(week.bucketMs).toBe(HOUR);
    expect(points(week.groups)).toEqual([
      [1, STORE_START, 3, 3, 20, 10, 30],
      [2, STORE_START + HOUR, 1, 0, null, null, null],
    ]);
    const foreign = await rangeSums(store.ctx, { custId: store.otherCustId, taskIds: [task.id] }, { from: STORE_START, to: STORE_START + HOUR }, { by: 'node' });
    expect(foreign.groups).toEqual([]);
  });
});

describe('retention', () => {
  it('prunes raw rows, minute and hour rollups (with the per-task ones) and batch ids past their retention', async () => {
    const store = await createTestStore();
    try {
      const task = await tcpTask(store, [1]);
      const ages = [0, 1, 3, 10, 500].map((days) => STORE_START - days * DAY);
      await deliver(store, 1, ages.map((ts) => ({ taskId: task.id, result: tcpResult(ts, true, 5) })), 1, 'old');
      store.setTime(STORE_START + 1000);
      const counts = await pruneResults(store.db, store.ctx.now(), { raw: 7, minute: 2, hour: 400 });
      expect(counts).toEqual({ raw: 2, minute: 3, taskMinute: 3, hour: 1, batches: 2 });
      const tables = ['results', 'rollup_minute', 'rollup_task_minute', 'rollup_task_ten_minute', 'rollup_hour', 'rollup_hour_by_task', 'rollup_task_hour'] as const;
      const left = async (table: (typeof tables)[number]) => (await store.db.selectFrom(table).select('task_id').execute()).length;
      expect(await Promise.all(tables.map(left))).toEqual([3, 2, 2, 2, 4, 4, 4]);
      // The copies hold the same buckets as rollup_hour.
      const hours = async (table: 'rollup_hour' | 'rollup_hour_by_task' | 'rollup_task_hour') =>
        (await store.db.selectFrom(table).select('bucket_start').orderBy('bucket_start').execute()).map((row) => row.bucket_start);
      expect(await hours('rollup_hour_by_task')).toEqual(await hours('rollup_hour'));
      expect(await hours('rollup_task_hour')).toEqual(await hours('rollup_hour'));
      expect((await pruneResults(store.db, STORE_START + 8 * DAY)).batches).toBe(3);
    } finally {
      await store.close();
    }
  });
});
