import type { Db } from '../db/connection.js';
import { writeRows, type ColumnList, type RowsStatement } from './padded-rows.js';
import { HISTOGRAM_COLUMNS } from './histogram.js';
import type { ResultRow } from './result-row.js';
import { taskRollupDeltas, type RollupDelta, type TaskRollupDelta } from './rollup-accumulator.js';
import { DAY_MS, TEN_MINUTES_MS } from './range-pieces.js';

/*
 * The ingest hot path (≥ 20,000 results/s). It writes hand-written statements through Kysely's
 * executor instead of its query builder: building and compiling a 200-row × 73-column upsert node
 * by node costs more than the write itself. Each table gets one statement per batch
 * (padded-rows.ts), standard SQL for both engines (ON CONFLICT … DO UPDATE, excluded.*, CASE).
 */

export type RollupTableName = 'rollup_minute' | 'rollup_hour';
/** Tables holding rollup_hour's rows, or their sums: written together by upsertHourRollups. */
type HourRollupTableName = RollupTableName | 'rollup_hour_by_task';

const REAL_COLUMNS: ReadonlySet<string> = new Set(['latency_sum', 'latency_min', 'latency_max', 'latency_ms']);
const TEXT_COLUMNS: ReadonlySet<string> = new Set(['failure_source', 'failure_code', 'details']);
const typed = (names: readonly string[]): ColumnList =>
  names.map((name) => ({ name, type: REAL_COLUMNS.has(name) ? 'double precision' : TEXT_COLUMNS.has(name) ? 'text' : 'bigint' }));

const RAW_COLUMNS = typed(['id', 'task_id', 'node_id', 'ts', 'type', 'ok', 'latency_ms', 'status_code', 'failure_source', 'failure_code', 'ip_matched', 'details']);
const LATEST_COLUMN_NAMES = ['task_id', 'node_id', 'ts', 'ok', 'latency_ms', 'status_code', 'failure_source', 'failure_code', 'ip_matched', 'result_id'] as const;
const ROLLUP_BASE_COLUMNS = ['task_id', 'node_id', 'bucket_start', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max'] as const;
const TASK_ROLLUP_COLUMNS = typed(['bucket_start', 'task_id', 'count', 'successes', 'latency_count', 'latency_sum']);

const boolean = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
const names = (columns: ColumnList) => columns.map(({ name }) => name).join(',');

/**
 * Gives the rows consecutive ids from a counter that never goes backwards (retention may empty
 * `results`; an id is never handed out twice), so the latest state can point at its raw row without
 * a per-task index on results. Called inside the batch's write transaction.
 */
export async function assignResultIds(db: Db, rows: ResultRow[]): Promise<void> {
  if (rows.length === 0) return;
  const counter = await db
    .updateTable('store_counters')
    .set((eb) => ({ value: eb('value', '+', rows.length) }))
    .where('name', '=', 'result_id')
    .returning('value')
    .executeTakeFirstOrThrow();
  let id = counter.value - rows.length;
  for (const row of rows) row.id = ++id;
}

const RAW_INSERT: RowsStatement = { key: 'raw', target: `results (${names(RAW_COLUMNS)})`, inputs: RAW_COLUMNS, conflict: '' };

export function insertRawResults(db: Db, rows: readonly ResultRow[]): Promise<void> {
  return writeRows(db, RAW_INSERT, rows.map((row) => [
    row.id, row.taskId, row.nodeId, row.ts, row.type, row.ok ? 1 : 0, row.latencyMs, row.statusCode, row.failureSource, row.failureCode, boolean(row.ipMatched), row.details,
  ]));
}

function keepLower(table: string, column: string, pickLower: boolean): string {
  const current = `${table}.${column}`;
  const incoming = `excluded.${column}`;
  const better = pickLower ? `${incoming} < ${current}` : `${incoming} > ${current}`;
  return `${column} = case when ${incoming} is null then ${current} when ${current} is null or ${better} then ${incoming} else ${current} end`;
}

const ROLLUP_TARGET_COLUMNS = [...ROLLUP_BASE_COLUMNS, ...HISTOGRAM_COLUMNS].join(',');

function rollupConflict(table: HourRollupTableName, histogram: readonly string[]): string {
  const sums = ['count', 'successes', 'latency_count', 'latency_sum', ...histogram].map((column) => `${column} = ${table}.${column} + excluded.${column}`);
  const updates = [...sums, keepLower(table, 'latency_min', true), keepLower(table, 'latency_max', false)];
  return `on conflict (bucket_start, task_id, node_id) do update set ${updates.join(', ')}`;
}

/** A bucket touching at most one histogram bin (a batch holds one result per task and node, mostly): its bin and that bin's count. */
function singleBinStatement(table: RollupTableName): RowsStatement {
  const inputs = typed([...ROLLUP_BASE_COLUMNS, 'bin', 'bin_count']);
  const histogram = HISTOGRAM_COLUMNS.map((_, bin) => `case bin when ${bin} then bin_count else 0 end`);
  const outputs = [...ROLLUP_BASE_COLUMNS, ...histogram].join(', ');
  return { key: `${table}:1`, target: `${table} (${ROLLUP_TARGET_COLUMNS})`, inputs, outputs, conflict: rollupConflict(table, HISTOGRAM_COLUMNS) };
}

/** A bucket touching several bins: every bin's count. */
function everyBinStatement(table: RollupTableName): RowsStatement {
  const inputs = typed([...ROLLUP_BASE_COLUMNS, ...HISTOGRAM_COLUMNS]);
  return { key: `${table}:all`, target: `${table} (${ROLLUP_TARGET_COLUMNS})`, inputs, conflict: rollupConflict(table, HISTOGRAM_COLUMNS) };
}

const ROLLUP_STATEMENTS = {
  rollup_minute: { singleBin: singleBinStatement('rollup_minute'), everyBin: everyBinStatement('rollup_minute') },
  rollup_hour: { singleBin: singleBinStatement('rollup_hour'), everyBin: everyBinStatement('rollup_hour') },
};

const rollupBase = (delta: RollupDelta): unknown[] => [
  delta.taskId, delta.nodeId, delta.bucketStart, delta.count, delta.successes, delta.latencyCount, delta.latencySum, delta.latencyMin, delta.latencyMax,
];

/**
 * Adds each bucket's increments to its rollup row (creating it when new): one statement for a
 * batch's buckets that touch at most one histogram bin, one more for those that touch several.
 */
async function upsertRollups(db: Db, table: RollupTableName, deltas: readonly RollupDelta[]): Promise<void> {
  const singleBin: unknown[][] = [];
  const everyBin: unknown[][] = [];
  for (const delta of deltas) {
    const touched = delta.bins.filter((count) => count > 0).length;
    if (touched > 1) everyBin.push([...rollupBase(delta), ...delta.bins]);
    else {
      const bin = delta.bins.findIndex((count) => count > 0);
      singleBin.push([...rollupBase(delta), bin < 0 ? null : bin, bin < 0 ? 0 : delta.bins[bin]]);
    }
  }
  await writeRows(db, ROLLUP_STATEMENTS[table].singleBin, singleBin);
  await writeRows(db, ROLLUP_STATEMENTS[table].everyBin, everyBin);
}

const HOUR_BY_TASK: RowsStatement = {
  key: 'rollup_hour_by_task',
  target: `rollup_hour_by_task (${ROLLUP_BASE_COLUMNS.join(',')})`,
  inputs: typed(ROLLUP_BASE_COLUMNS),
  conflict: rollupConflict('rollup_hour_by_task', []),
};

/** rollup_hour's figures without the histogram, in the task-first copy the per-task trend reads. */
function upsertHourByTask(db: Db, deltas: readonly RollupDelta[]): Promise<void> {
  return writeRows(db, HOUR_BY_TASK, deltas.map(rollupBase));
}

type TaskSumsTable = 'rollup_task_hour' | 'rollup_task_minute' | 'rollup_task_ten_minute' | 'rollup_task_day';

/** The hour deltas moved to the start of their UTC day (then summed per task and day). */
const dayDeltas = (deltas: readonly RollupDelta[]): RollupDelta[] => deltas.map((delta) => ({ ...delta, bucketStart: delta.bucketStart - (delta.bucketStart % DAY_MS) }));

function taskSumsStatement(table: TaskSumsTable): RowsStatement {
  const sums = ['count', 'successes', 'latency_count', 'latency_sum'].map((column) => `${column} = ${table}.${column} + excluded.${column}`);
  const conflict = `on conflict (bucket_start, task_id) do update set ${sums.join(', ')}`;
  return { key: table, target: `${table} (${names(TASK_ROLLUP_COLUMNS)})`, inputs: TASK_ROLLUP_COLUMNS, conflict };
}

const TASK_SUMS_STATEMENTS = {
  rollup_task_minute: taskSumsStatement('rollup_task_minute'),
  rollup_task_ten_minute: taskSumsStatement('rollup_task_ten_minute'),
  rollup_task_hour: taskSumsStatement('rollup_task_hour'),
  rollup_task_day: taskSumsStatement('rollup_task_day'),
};

function upsertTaskSums(db: Db, table: TaskSumsTable, deltas: readonly TaskRollupDelta[]): Promise<void> {
  const rows = deltas.map((delta) => [delta.bucketStart, delta.taskId, delta.count, delta.successes, delta.latencyCount, delta.latencySum]);
  return writeRows(db, TASK_SUMS_STATEMENTS[table], rows);
}

/** Per-task minute sums moved to the start of their ten minutes (then summed per task and ten minutes). */
const tenMinuteDeltas = (deltas: readonly TaskRollupDelta[]): TaskRollupDelta[] =>
  deltas.map((delta) => ({ ...delta, bucketStart: delta.bucketStart - (delta.bucketStart % TEN_MINUTES_MS) }));

/**
 * Adds a batch's minute deltas to rollup_minute and the per-task minute and ten-minute sums. The
 * only writer of these tables, so the ten-minute sums always equal their minutes'.
 */
export async function upsertMinuteRollups(db: Db, deltas: readonly RollupDelta[]): Promise<void> {
  await upsertRollups(db, 'rollup_minute', deltas);
  const taskMinutes = taskRollupDeltas(deltas);
  await upsertTaskSums(db, 'rollup_task_minute', taskMinutes);
  await upsertTaskSums(db, 'rollup_task_ten_minute', taskRollupDeltas(tenMinuteDeltas(taskMinutes)));
}

/**
 * Adds a batch's hour deltas to every hour rollup: rollup_hour, its task-first copy and the
 * per-task hour and day sums. The only writer of these tables, so they always agree.
 */
export async function upsertHourRollups(db: Db, deltas: readonly RollupDelta[]): Promise<void> {
  await upsertRollups(db, 'rollup_hour', deltas);
  await upsertHourByTask(db, deltas);
  await upsertTaskSums(db, 'rollup_task_hour', taskRollupDeltas(deltas));
  await upsertTaskSums(db, 'rollup_task_day', taskRollupDeltas(dayDeltas(deltas)));
}

const LATEST_UPSERT: RowsStatement = {
  key: 'latest',
  target: `latest_results (${LATEST_COLUMN_NAMES.join(',')})`,
  inputs: typed(LATEST_COLUMN_NAMES),
  conflict:
    `on conflict (task_id, node_id) do update set ` +
    LATEST_COLUMN_NAMES.filter((column) => column !== 'task_id' && column !== 'node_id').map((column) => `${column} = excluded.${column}`).join(', ') +
    ' where excluded.ts >= latest_results.ts',
};

/** Keeps the newest result per (task, node); an older result arriving late changes nothing. */
export function upsertLatest(db: Db, rows: readonly ResultRow[]): Promise<void> {
  return writeRows(db, LATEST_UPSERT, rows.map((row) => [
    row.taskId, row.nodeId, row.ts, row.ok ? 1 : 0, row.latencyMs, row.statusCode, row.failureSource, row.failureCode, boolean(row.ipMatched), row.id,
  ]));
}

/** Records the batch; false when the node already delivered this batch id. */
export async function claimBatch(
  db: Db,
  batch: { nodeId: number; batchId: string; receivedAt: number; accepted: number; rejected: number },
): Promise<boolean> {
  const result = await db
    .insertInto('result_batches')
    .values({
      node_id: batch.nodeId,
      batch_id: batch.batchId,
      received_at: batch.receivedAt,
      accepted: batch.accepted,
      rejected: batch.rejected,
    })
    .onConflict((conflict) => conflict.columns(['node_id', 'batch_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findBatch(db: Db, nodeId: number, batchId: string) {
  return db
    .selectFrom('result_batches')
    .select(['accepted', 'rejected'])
    .where('node_id', '=', nodeId)
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
}
