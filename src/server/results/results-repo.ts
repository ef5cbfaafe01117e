import type { Db } from '../db/connection.js';
import { rawQuery, valuesPlaceholders } from '../db/sql-dialect.js';
import { HISTOGRAM_COLUMNS } from './histogram.js';
import type { ResultRow } from './result-row.js';
import { taskRollupDeltas, type RollupDelta, type TaskRollupDelta } from './rollup-accumulator.js';
import { DAY_MS, TEN_MINUTES_MS } from './range-pieces.js';

/*
 * The ingest hot path (≥ 20,000 results/s). It writes hand-written multi-row statements through
 * Kysely's executor instead of its query builder: building and compiling a 200-row × 73-column
 * upsert node by node costs more than the write itself. The SQL is standard (ON CONFLICT … DO
 * UPDATE, excluded.*, CASE); only the parameter placeholders are the engine's, and db/sql-dialect.ts
 * makes them. Rows go in chunks of the sizes in CHUNK_SIZES only, so each statement's text is one of
 * a few and the connection prepares it once (preparing a 100-row upsert costs about half of running
 * it, and a text per batch size would be prepared anew almost every batch).
 */

export type RollupTableName = 'rollup_minute' | 'rollup_hour';
/** Tables holding rollup_hour's rows, or their sums: written together by upsertHourRollups. */
type HourRollupTableName = RollupTableName | 'rollup_hour_by_task';

const RAW_COLUMNS = [
  'id', 'task_id', 'node_id', 'ts', 'type', 'ok', 'latency_ms', 'status_code', 'failure_source', 'failure_code', 'ip_matched', 'details',
] as const;
const LATEST_COLUMNS = [
  'task_id', 'node_id', 'ts', 'ok', 'latency_ms', 'status_code', 'failure_source', 'failure_code', 'ip_matched', 'result_id',
] as const;
const ROLLUP_BASE_COLUMNS = [
  'task_id', 'node_id', 'bucket_start', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max',
] as const;

const TASK_ROLLUP_COLUMNS = ['bucket_start', 'task_id', 'count', 'successes', 'latency_count', 'latency_sum'] as const;

/** Statement sizes in rows, largest first; any count of rows is written as chunks of these. */
const CHUNK_SIZES = [100, 10, 1] as const;

const boolean = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

const statementCache = new Map<string, string>();
function cached(key: string, build: () => string): string {
  let text = statementCache.get(key);
  if (text === undefined) {
    text = build();
    statementCache.set(key, text);
  }
  return text;
}

/**
 * Writes `items` with the statement `textOf(rowCount)` (named `shape` in the text cache), in chunks
 * of CHUNK_SIZES rows; `push` appends one item's parameters.
 */
async function writeChunked<T>(
  db: Db,
  shape: string,
  items: readonly T[],
  textOf: (rowCount: number) => string,
  push: (params: unknown[], item: T) => void,
): Promise<void> {
  let start = 0;
  for (const size of CHUNK_SIZES) {
    if (items.length - start < size) continue;
    const text = cached(`${shape}:${size}`, () => textOf(size));
    for (; items.length - start >= size; start += size) {
      const params: unknown[] = [];
      for (let index = start; index < start + size; index += 1) push(params, items[index] as T);
      await db.executeQuery(rawQuery(db, text, params));
    }
  }
}

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

const rawInsertText = (rowCount: number) => `insert into results (${RAW_COLUMNS.join(',')}) values ${valuesPlaceholders(RAW_COLUMNS.length, rowCount)}`;

function pushRawParams(params: unknown[], row: ResultRow): void {
  params.push(row.id, row.taskId, row.nodeId, row.ts, row.type, row.ok ? 1 : 0, row.latencyMs, row.statusCode);
  params.push(row.failureSource, row.failureCode, boolean(row.ipMatched), row.details);
}

export function insertRawResults(db: Db, rows: readonly ResultRow[]): Promise<void> {
  return writeChunked(db, 'raw', rows, rawInsertText, pushRawParams);
}

function keepLower(table: string, column: string, pickLower: boolean): string {
  const current = `${table}.${column}`;
  const incoming = `excluded.${column}`;
  const better = pickLower ? `${incoming} < ${current}` : `${incoming} > ${current}`;
  return `${column} = case when ${incoming} is null then ${current} when ${current} is null or ${better} then ${incoming} else ${current} end`;
}

function rollupUpsertText(table: HourRollupTableName, bins: readonly number[], rowCount: number): string {
  const histogram = bins.map((bin) => HISTOGRAM_COLUMNS[bin] as string);
  const columns = [...ROLLUP_BASE_COLUMNS, ...histogram];
  const sums = ['count', 'successes', 'latency_count', 'latency_sum', ...histogram].map(
    (column) => `${column} = ${table}.${column} + excluded.${column}`,
  );
  const updates = [...sums, keepLower(table, 'latency_min', true), keepLower(table, 'latency_max', false)];
  return (
    `insert into ${table} (${columns.join(',')}) values ${valuesPlaceholders(columns.length, rowCount)} ` +
    `on conflict (bucket_start, task_id, node_id) do update set ${updates.join(', ')}`
  );
}

function nonEmptyBins(delta: RollupDelta): number[] {
  const bins: number[] = [];
  delta.bins.forEach((count, bin) => {
    if (count > 0) bins.push(bin);
  });
  return bins;
}

/** Deltas grouped by which histogram bins they touch, so a statement names only those columns. */
function bySignature(deltas: readonly RollupDelta[]): Map<string, { bins: number[]; deltas: RollupDelta[] }> {
  const groups = new Map<string, { bins: number[]; deltas: RollupDelta[] }>();
  for (const delta of deltas) {
    const bins = nonEmptyBins(delta);
    const key = bins.join(',');
    const group = groups.get(key);
    if (group) group.deltas.push(delta);
    else groups.set(key, { bins, deltas: [delta] });
  }
  return groups;
}

/**
 * Adds each bucket's increments to its rollup row (creating it when new). A batch's buckets mostly
 * touch one histogram bin each; grouping them by the bins they touch keeps every statement narrow
 * (a 73-column upsert per bucket costs several times more).
 */
async function upsertRollups(db: Db, table: RollupTableName, deltas: readonly RollupDelta[]): Promise<void> {
  for (const [signature, { bins, deltas: group }] of bySignature(deltas)) {
    await writeChunked(db, `${table}[${signature}]`, group, (rowCount) => rollupUpsertText(table, bins, rowCount), (params, delta) => pushRollupParams(params, delta, bins));
  }
}

function pushRollupParams(params: unknown[], delta: RollupDelta, bins: readonly number[]): void {
  params.push(delta.taskId, delta.nodeId, delta.bucketStart, delta.count, delta.successes);
  params.push(delta.latencyCount, delta.latencySum, delta.latencyMin, delta.latencyMax);
  for (const bin of bins) params.push(delta.bins[bin]);
}

/** rollup_hour's figures without the histogram, in the task-first copy the per-task trend reads. */
function upsertHourByTask(db: Db, deltas: readonly RollupDelta[]): Promise<void> {
  return writeChunked(db, 'by-task', deltas, (rowCount) => rollupUpsertText('rollup_hour_by_task', [], rowCount), (params, delta) => pushRollupParams(params, delta, []));
}

type TaskSumsTable = 'rollup_task_hour' | 'rollup_task_minute' | 'rollup_task_ten_minute' | 'rollup_task_day';

/** The hour deltas moved to the start of their UTC day (then summed per task and day). */
const dayDeltas = (deltas: readonly RollupDelta[]): RollupDelta[] => deltas.map((delta) => ({ ...delta, bucketStart: delta.bucketStart - (delta.bucketStart % DAY_MS) }));

function taskRollupUpsertText(table: TaskSumsTable, rowCount: number): string {
  const sums = ['count', 'successes', 'latency_count', 'latency_sum'].map((column) => `${column} = ${table}.${column} + excluded.${column}`);
  return (
    `insert into ${table} (${TASK_ROLLUP_COLUMNS.join(',')}) values ${valuesPlaceholders(TASK_ROLLUP_COLUMNS.length, rowCount)} ` +
    `on conflict (bucket_start, task_id) do update set ${sums.join(', ')}`
  );
}

function upsertTaskSums(db: Db, table: TaskSumsTable, deltas: readonly TaskRollupDelta[]): Promise<void> {
  return writeChunked(db, table, deltas, (rowCount) => taskRollupUpsertText(table, rowCount), (params, delta) => {
    params.push(delta.bucketStart, delta.taskId, delta.count, delta.successes, delta.latencyCount, delta.latencySum);
  });
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

function latestUpsertText(rowCount: number): string {
  const updates = LATEST_COLUMNS.filter((column) => column !== 'task_id' && column !== 'node_id').map(
    (column) => `${column} = excluded.${column}`,
  );
  return (
    `insert into latest_results (${LATEST_COLUMNS.join(',')}) values ${valuesPlaceholders(LATEST_COLUMNS.length, rowCount)} ` +
    `on conflict (task_id, node_id) do update set ${updates.join(', ')} where excluded.ts >= latest_results.ts`
  );
}

/** Keeps the newest result per (task, node); an older result arriving late changes nothing. */
export function upsertLatest(db: Db, rows: readonly ResultRow[]): Promise<void> {
  return writeChunked(db, 'latest', rows, latestUpsertText, (params, row) => {
    params.push(row.taskId, row.nodeId, row.ts, row.ok ? 1 : 0, row.latencyMs, row.statusCode);
    params.push(row.failureSource, row.failureCode, boolean(row.ipMatched), row.id);
  });
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
