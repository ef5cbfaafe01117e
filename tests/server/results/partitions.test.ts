import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { taskTenMinuteRollups } from '../../../src/server/db/migrations/0028-task-ten-minute-rollups.js';
import { rangePartitionsOf } from '../../../src/server/db/partitions.js';
import { PostgresSchemaPlugin } from '../../../src/server/db/postgres-schema.js';
import { ingestBatch, pruneResults, rangeSums, type IngestItem, type TimeRange } from '../../../src/server/results/index.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { Task } from '../../../src/server/modules/tasks/task-model.js';
import { createTestStore, httpTaskInput, STORE_START, tcpResult, type TestStore } from '../tasks-helpers.js';
import { testEngine } from '../test-database.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const DAYS = 10;

/** A day of one task's checks from two nodes, every 10 minutes, some failing, delivered as the day goes. */
async function deliverDay(store: TestStore, task: Task, day: number): Promise<void> {
  for (const nodeId of [1, 2]) {
    const items: IngestItem[] = [];
    for (let ts = STORE_START + day * DAY; ts < STORE_START + (day + 1) * DAY; ts += 10 * MINUTE) {
      const step = ts / (10 * MINUTE) + nodeId;
      items.push({ taskId: task.id, result: tcpResult(ts + nodeId, step % 7 !== 0, 1 + (step % 50) * 2.5) });
    }
    store.setTime(STORE_START + (day + 1) * DAY);
    expect((await ingestBatch(store.ctx, nodeId, `d${day}-n${nodeId}`, items)).rejected).toBe(0);
  }
}

/** Every figure a reader sees over the range: by time (each bucket), by node and the whole. */
async function figures(store: TestStore, range: TimeRange) {
  const scope = { custId: store.custId };
  return {
    byTime: await rangeSums(store.ctx, scope, range, { by: 'time' }),
    byNode: await rangeSums(store.ctx, scope, range, { by: 'node' }),
    byTask: await rangeSums(store.ctx, scope, range, { by: 'task' }),
  };
}

// Partitions are PostgreSQL's; SQLite's retention deletes rows (rollups.test.ts covers both).
describe.skipIf(testEngine === 'sqlite')('time partitions on PostgreSQL', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('drop whole expired partitions at retention; every figure of the kept range stays the same', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ type: 2, port: 443, nodeIds: [1, 2] }));
    // As the server does every 10 minutes: the pruning run makes the coming partitions.
    for (let day = 0; day < DAYS; day += 1) {
      store.setTime(STORE_START + day * DAY);
      await pruneResults(store.db, store.ctx.now());
      await deliverDay(store, task, day);
    }
    const now = STORE_START + DAYS * DAY;
    store.setTime(now);
    const cutoff = now - 7 * DAY;
    const kept = [
      { from: cutoff, to: now },
      { from: now - DAY, to: now },
      { from: cutoff + 90 * MINUTE, to: cutoff + DAY + 30 * MINUTE },
    ];
    const before = await Promise.all(kept.map((range) => figures(store, range)));
    const partitionsBefore = await rangePartitionsOf(store.db, 'results_checks');
    const expired = partitionsBefore.filter((partition) => partition.to <= cutoff).map((partition) => partition.name);
    expect(expired).not.toEqual([]);

    const counts = await pruneResults(store.db, now);

    const partitionsAfter = await rangePartitionsOf(store.db, 'results_checks');
    expect(partitionsAfter.filter((partition) => partition.to <= cutoff)).toEqual([]);
    expect(partitionsAfter.filter((partition) => expired.includes(partition.name))).toEqual([]);
    // The newest day is covered ahead: tomorrow's checks land in a partition of their own.
    expect(partitionsAfter.some((partition) => partition.from <= now + DAY && partition.to > now + DAY)).toBe(true);
    expect(counts.raw).toBeGreaterThan(0);
    const older = await store.db.selectFrom('results').select(({ fn }) => fn.countAll<number>().as('rows')).where('ts', '<', cutoff).executeTakeFirstOrThrow();
    expect(older.rows).toBe(0);
    const minuteOlder = await store.db.selectFrom('rollup_minute').select(({ fn }) => fn.countAll<number>().as('rows')).where('bucket_start', '<', now - 2 * DAY).executeTakeFirstOrThrow();
    expect(minuteOlder.rows).toBe(0);
    expect(await Promise.all(kept.map((range) => figures(store, range)))).toEqual(before);
    const spans = async (parent: string) => (await rangePartitionsOf(store.db, parent)).map(({ from, to }) => [from, to]);
    expect(await spans('rollup_task_ten_minute')).toEqual(await spans('rollup_task_minute'));
  });

  it('migration 0028 partitions the ten-minute sums as the minute sums are and fills them into those partitions', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ type: 2, port: 443, nodeIds: [1, 2] }));
    store.setTime(STORE_START);
    await pruneResults(store.db, store.ctx.now());
    await deliverDay(store, task, 0);
    await sql`drop table rollup_task_ten_minute`.execute(store.db);

    await taskTenMinuteRollups.up(store.db.withPlugin(new PostgresSchemaPlugin()));

    const spans = async (parent: string) => (await rangePartitionsOf(store.db, parent)).map(({ from, to }) => [from, to]);
    expect(await spans('rollup_task_ten_minute')).toEqual(await spans('rollup_task_minute'));
    const inDefault = await sql<{ rows: number }>`select count(*) as rows from rollup_task_ten_minute_default`.execute(store.db);
    expect(inDefault.rows[0]?.rows).toBe(0);
    const tens = await store.db.selectFrom('rollup_task_ten_minute').select(['bucket_start', 'count']).orderBy('bucket_start').execute();
    // Two nodes, a check each every 10 minutes: 144 ten minutes of 2 checks.
    expect(tens.length).toBe(144);
    expect(tens.every((row) => row.count === 2)).toBe(true);
  });

  it('take a check no partition covers into the default partition, which retention empties row by row', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ type: 2, port: 443, nodeIds: [1, 2] }));
    // No pruning run yet: nothing but the default partitions, and ingest still stores every check.
    await deliverDay(store, task, 0);
    expect(await rangePartitionsOf(store.db, 'results_checks')).toEqual([]);
    const stored = await store.db.selectFrom('results_checks_default' as 'results').select(({ fn }) => fn.countAll<number>().as('rows')).executeTakeFirstOrThrow();
    expect(stored.rows).toBe(288);

    const counts = await pruneResults(store.db, STORE_START + 9 * DAY);
    expect(counts.raw).toBe(288);
    expect(await rangePartitionsOf(store.db, 'results_checks')).not.toEqual([]);
  });
});
