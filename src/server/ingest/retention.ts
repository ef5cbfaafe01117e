import { sql } from 'kysely';
import type { Db } from '../db/connection.js';

const DAY_MS = 86_400_000;
/** Rows deleted per statement: each chunk is its own short write, so ingest is never held up long. */
const CHUNK = 5_000;

export interface PruneCounts {
  raw: number;
  minute: number;
  hour: number;
  batches: number;
}

async function untilDone(deleteChunk: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteChunk();
    total += deleted;
    if (deleted < CHUNK) return total;
  }
}

const changed = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n);

/** Raw results older than the cutoff, oldest first along the ts index. */
function pruneRaw(db: Db, cutoff: number): Promise<number> {
  return untilDone(async () =>
    changed(await sql`delete from results where id in (select id from results where ts < ${cutoff} limit ${CHUNK})`.execute(db)),
  );
}

/** Rollup rows of buckets before the cutoff: a leading range of the time-first key. */
function pruneRollups(db: Db, table: 'rollup_minute' | 'rollup_hour', cutoff: number): Promise<number> {
  return untilDone(async () =>
    changed(
      await sql`delete from ${sql.table(table)} where (bucket_start, task_id, node_id) in (select bucket_start, task_id, node_id from ${sql.table(table)} where bucket_start < ${cutoff} limit ${CHUNK})`.execute(db),
    ),
  );
}

/** Batch ids are remembered as long as raw results, so a batch replayed within that window is still a duplicate. */
function pruneBatches(db: Db, cutoff: number): Promise<number> {
  return untilDone(async () =>
    changed(
      await sql`delete from result_batches where (node_id, batch_id) in (select node_id, batch_id from result_batches where received_at < ${cutoff} limit ${CHUNK})`.execute(db),
    ),
  );
}

/** Deletes what is past retention, in bounded chunks. Answers how many rows went from each table. */
export async function pruneResults(
  db: Db,
  now: number,
  rawRetentionDays = 7,
  minuteRetentionDays = 2,
  hourRetentionDays = 400,
): Promise<PruneCounts> {
  return {
    raw: await pruneRaw(db, now - rawRetentionDays * DAY_MS),
    minute: await pruneRollups(db, 'rollup_minute', now - minuteRetentionDays * DAY_MS),
    hour: await pruneRollups(db, 'rollup_hour', now - hourRetentionDays * DAY_MS),
    batches: await pruneBatches(db, now - rawRetentionDays * DAY_MS),
  };
}
