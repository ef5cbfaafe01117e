import { MONITOR_TYPES } from '../../shared/codes.js';
import { deletedRows as changed, deleteInChunks as untilDone, DELETE_CHUNK as CHUNK } from '../db/chunked-delete.js';
import type { Db } from '../db/connection.js';
import { DEFAULT_RESULT_RETENTION_DAYS, DEFAULT_TRACE_RETENTION_DAYS } from '../config.js';
import { markKept } from './kept-marks.js';
import { addResultPartitions, dropExpiredPartitions } from './partitioning.js';
import { DAY_MS } from './range-pieces.js';

/** Where the last run stopped deleting non-traceroute results between the two retentions. */
const RAW_MARK = 'pruned_raw_until';

/** How long each kind of row is kept, in days. */
export interface RetentionDays {
  /** Raw results and batch ids (a resend within it is still a duplicate). */
  raw: number;
  /** Traceroute results, the route history (at least `raw`). */
  trace: number;
  minute: number;
  hour: number;
}

export const DEFAULT_RETENTION_DAYS: RetentionDays = {
  raw: DEFAULT_RESULT_RETENTION_DAYS,
  trace: DEFAULT_TRACE_RETENTION_DAYS,
  minute: 2,
  hour: 400,
};

export interface PruneCounts {
  raw: number;
  minute: number;
  /** rollup_task_minute rows (per-task minute sums; their ten-minute sums go with them, uncounted). */
  taskMinute: number;
  /** rollup_hour rows (their copies in rollup_hour_by_task and the per-task sums in rollup_task_hour go too). */
  hour: number;
  batches: number;
}

/** Every result older than the longest retention: a leading range of the ts index. */
function pruneAllBefore(db: Db, cutoff: number): Promise<number> {
  return untilDone(async () =>
    changed(
      await db
        .deleteFrom('results')
        .where('id', 'in', (eb) => eb.selectFrom('results').select('id').where('ts', '<', cutoff).limit(CHUNK))
        .executeTakeFirst(),
    ),
  );
}

async function rawMark(db: Db): Promise<number | undefined> {
  return (await db.selectFrom('store_counters').select('value').where('name', '=', RAW_MARK).executeTakeFirst())?.value;
}

async function setRawMark(db: Db, value: number): Promise<void> {
  await db
    .insertInto('store_counters')
    .values({ name: RAW_MARK, value })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
    .execute();
}

/**
 * Results other than traceroute in [from, to), walking the ts index forward from where the last
 * run stopped, so the traceroute rows kept in that range are not read again every run.
 */
async function pruneNonTraceBetween(db: Db, from: number, to: number): Promise<number> {
  let total = 0;
  let lower = from;
  for (;;) {
    const chunk = await db
      .selectFrom('results')
      .select(['id', 'ts'])
      .where('ts', '>=', lower)
      .where('ts', '<', to)
      .where('type', '<>', MONITOR_TYPES.TRACEROUTE)
      .orderBy('ts')
      .limit(CHUNK)
      .execute();
    if (chunk.length > 0) {
      const ids = chunk.map((row) => row.id);
      total += changed(await db.deleteFrom('results').where('id', 'in', ids).executeTakeFirst());
      lower = chunk[chunk.length - 1]?.ts ?? to;
    }
    if (chunk.length < CHUNK) return total;
  }
}

/** Raw results past retention; traceroute results (route history) are kept for their own, longer time. */
async function pruneRaw(db: Db, rawCutoff: number, traceCutoff: number): Promise<number> {
  let total = await pruneAllBefore(db, Math.min(rawCutoff, traceCutoff));
  if (rawCutoff > traceCutoff) {
    total += await pruneNonTraceBetween(db, Math.max(traceCutoff, (await rawMark(db)) ?? traceCutoff), rawCutoff);
    await setRawMark(db, rawCutoff);
  }
  return total;
}

/** The keys of (up to CHUNK) rollup rows of buckets before the cutoff: a leading range of the time-first key. */
function oldRollupKeys(db: Db, table: 'rollup_minute' | 'rollup_hour', cutoff: number) {
  return db
    .selectFrom(table)
    .select(['bucket_start', 'task_id', 'node_id'])
    .where('bucket_start', '<', cutoff)
    .limit(CHUNK)
    .$asTuple('bucket_start', 'task_id', 'node_id');
}

function pruneMinuteRollups(db: Db, cutoff: number): Promise<number> {
  return untilDone(async () =>
    changed(
      await db
        .deleteFrom('rollup_minute')
        .where(({ eb, refTuple }) => eb(refTuple('bucket_start', 'task_id', 'node_id'), 'in', oldRollupKeys(db, 'rollup_minute', cutoff)))
        .executeTakeFirst(),
    ),
  );
}

/** Per-task sums of buckets before the cutoff: a leading range of the time-first key. */
function pruneTaskSums(db: Db, table: 'rollup_task_hour' | 'rollup_task_minute' | 'rollup_task_ten_minute' | 'rollup_task_day', cutoff: number): Promise<number> {
  return untilDone(async () =>
    changed(
      await db
        .deleteFrom(table)
        .where(({ eb, refTuple, selectFrom }) =>
          eb(
            refTuple('bucket_start', 'task_id'),
            'in',
            selectFrom(table)
              .select(['bucket_start', 'task_id'])
              .where('bucket_start', '<', cutoff)
              .limit(CHUNK)
              .$asTuple('bucket_start', 'task_id'),
          ),
        )
        .executeTakeFirst(),
    ),
  );
}

/**
 * Per-task minute and ten-minute sums of buckets starting before the minute cutoff (the reader
 * trusts a ten minutes from the minutes' mark on, as all of its minutes then are); answers the
 * minute rows.
 */
async function pruneTaskMinutes(db: Db, cutoff: number): Promise<number> {
  await pruneTaskSums(db, 'rollup_task_ten_minute', cutoff);
  return pruneTaskSums(db, 'rollup_task_minute', cutoff);
}

/**
 * Hour rollup rows before the cutoff with the per-task sums of those hours, and the same rows of the
 * task-first copy (found by rollup_hour's time-first key: the copy has none), one chunk per
 * transaction so a row and its copy go together. Answers how many rollup_hour rows went.
 */
async function pruneHourRollups(db: Db, cutoff: number): Promise<number> {
  await pruneTaskSums(db, 'rollup_task_hour', cutoff);
  // A day goes once all of it is past the cutoff.
  await pruneTaskSums(db, 'rollup_task_day', cutoff - DAY_MS + 1);
  return untilDone(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('rollup_hour_by_task')
        .where(({ eb, refTuple }) => eb(refTuple('bucket_start', 'task_id', 'node_id'), 'in', oldRollupKeys(trx, 'rollup_hour', cutoff)))
        .executeTakeFirst();
      return changed(
        await trx
          .deleteFrom('rollup_hour')
          .where(({ eb, refTuple }) => eb(refTuple('bucket_start', 'task_id', 'node_id'), 'in', oldRollupKeys(trx, 'rollup_hour', cutoff)))
          .executeTakeFirst(),
      );
    }),
  );
}

/** Batch ids are remembered as long as raw results, so a batch replayed within that window is still a duplicate. */
function pruneBatches(db: Db, cutoff: number): Promise<number> {
  return untilDone(async () =>
    changed(
      await db
        .deleteFrom('result_batches')
        .where(({ eb, refTuple, selectFrom }) =>
          eb(
            refTuple('node_id', 'batch_id'),
            'in',
            selectFrom('result_batches')
              .select(['node_id', 'batch_id'])
              .where('received_at', '<', cutoff)
              .limit(CHUNK)
              .$asTuple('node_id', 'batch_id'),
          ),
        )
        .executeTakeFirst(),
    ),
  );
}

/**
 * Deletes results and rollups past retention (on PostgreSQL first whole time partitions, see
 * partitioning.ts, and makes the coming ones), then rows in bounded chunks, and answers how many
 * rows went from each table. Before deleting, it records from when each resolution is whole (kept-marks.ts),
 * so a range read never counts a bucket half pruned.
 */
export async function pruneResults(db: Db, now: number, retention: Partial<RetentionDays> = {}): Promise<PruneCounts> {
  const days = { ...DEFAULT_RETENTION_DAYS, ...retention };
  const cutoff = (keepDays: number) => now - keepDays * DAY_MS;
  const rawCutoff = cutoff(days.raw);
  await markKept(db, { raw: rawCutoff, minute: cutoff(days.minute), hour: cutoff(days.hour) });
  await addResultPartitions(db, now, days);
  const dropped = await dropExpiredPartitions(db, now, days);
  return {
    raw: dropped.raw + (await pruneRaw(db, rawCutoff, cutoff(Math.max(days.raw, days.trace)))),
    minute: dropped.minute + (await pruneMinuteRollups(db, cutoff(days.minute))),
    taskMinute: dropped.taskMinute + (await pruneTaskMinutes(db, cutoff(days.minute))),
    hour: dropped.hour + (await pruneHourRollups(db, cutoff(days.hour))),
    batches: await pruneBatches(db, rawCutoff),
  };
}
