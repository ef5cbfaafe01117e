import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openDatabase, type Db } from '../../src/server/db/connection.js';
import { taskMinuteRollups } from '../../src/server/db/migrations/0011-task-minute-rollups.js';
import { taskDayRollups } from '../../src/server/db/migrations/0012-task-day-rollups.js';
import { taskTenMinuteRollups } from '../../src/server/db/migrations/0028-task-ten-minute-rollups.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { HISTOGRAM_COLUMNS } from '../../src/server/results/histogram.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const DAY = Date.UTC(2026, 10, 20);

interface Sums {
  count: number;
  successes: number;
  latency_count: number;
  latency_sum: number;
}

const emptyHistogram = Object.fromEntries(HISTOGRAM_COLUMNS.map((column) => [column, 0])) as Record<(typeof HISTOGRAM_COLUMNS)[number], number>;

const sumsOf = (index: number): Sums => ({ count: 2 + index, successes: 1 + index, latency_count: 1 + index, latency_sum: 10.5 * (index + 1) });

/**
 * A database upgraded from before migrations 0011/0012 already holds per-node minute rollups and
 * per-task hour rollups: the new per-task tables must start with the same sums, or lists and the
 * overview would show gaps for the days before the upgrade.
 */
describe('migrations 0011 and 0012 fill the per-task rollups from what an older store holds', () => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-rollup-fill-'));
    db = openDatabase(join(dir, DB_FILE_NAME));
    await migrateToLatest(db);
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('0011 sums every node of a task and minute into rollup_task_minute', async () => {
    await db.schema.dropTable('rollup_task_minute').execute();
    const rows = [];
    for (const taskId of [1, 2]) {
      for (const minute of [0, 1]) {
        for (const nodeId of [10, 11, 12]) rows.push({ task_id: taskId, node_id: nodeId, bucket_start: DAY + minute * MINUTE_MS, latency_min: null, latency_max: null, ...emptyHistogram, ...sumsOf(nodeId - 10 + minute) });
      }
    }
    await db.insertInto('rollup_minute').values(rows).execute();

    await taskMinuteRollups.up(db);

    const filled = await db.selectFrom('rollup_task_minute').selectAll().orderBy(['task_id', 'bucket_start']).execute();
    expect(filled).toHaveLength(4);
    // Minute 0 adds the sums of indexes 0, 1, 2; minute 1 those of 1, 2, 3.
    expect(filled[0]).toEqual({ task_id: 1, bucket_start: DAY, count: 9, successes: 6, latency_count: 6, latency_sum: 63 });
    expect(filled[1]).toEqual({ task_id: 1, bucket_start: DAY + MINUTE_MS, count: 12, successes: 9, latency_count: 9, latency_sum: 94.5 });
    expect(filled[3]).toEqual({ ...filled[1], task_id: 2 });
  });

  it('0012 sums the hours of each UTC day into rollup_task_day, a day boundary splitting them', async () => {
    await db.schema.dropTable('rollup_task_day').execute();
    const hours = [0, 5, 23, 24, 30];
    await db
      .insertInto('rollup_task_hour')
      .values(hours.map((hour, index) => ({ task_id: 7, bucket_start: DAY + hour * HOUR_MS, ...sumsOf(index) })))
      .execute();

    await taskDayRollups.up(db);

    const filled = await db.selectFrom('rollup_task_day').selectAll().orderBy('bucket_start').execute();
    expect(filled).toEqual([
      { task_id: 7, bucket_start: DAY, count: 9, successes: 6, latency_count: 6, latency_sum: 63 },
      { task_id: 7, bucket_start: DAY + DAY_MS, count: 11, successes: 9, latency_count: 9, latency_sum: 94.5 },
    ]);
  });

  it('0028 sums the minutes of each ten minutes into rollup_task_ten_minute, a ten-minute boundary splitting them', async () => {
    await db.schema.dropTable('rollup_task_ten_minute').execute();
    const minutes = [0, 3, 9, 10, 19, 20];
    await db
      .insertInto('rollup_task_minute')
      .values([7, 8].flatMap((taskId) => minutes.map((minute, index) => ({ task_id: taskId, bucket_start: DAY + minute * MINUTE_MS, ...sumsOf(index) }))))
      .execute();

    await taskTenMinuteRollups.up(db);

    const filled = await db.selectFrom('rollup_task_ten_minute').selectAll().orderBy(['task_id', 'bucket_start']).execute();
    // Minutes 0, 3, 9 add the sums of indexes 0, 1, 2; minutes 10, 19 those of 3, 4; minute 20 that of 5.
    const ten = [
      { bucket_start: DAY, count: 9, successes: 6, latency_count: 6, latency_sum: 63 },
      { bucket_start: DAY + 10 * MINUTE_MS, count: 11, successes: 9, latency_count: 9, latency_sum: 94.5 },
      { bucket_start: DAY + 20 * MINUTE_MS, count: 7, successes: 6, latency_count: 6, latency_sum: 63 },
    ];
    expect(filled).toEqual([...ten.map((row) => ({ task_id: 7, ...row })), ...ten.map((row) => ({ task_id: 8, ...row }))]);
  });
});
