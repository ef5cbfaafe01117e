import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { greatestOf } from '../db/sql-dialect.js';

/**
 * From when each resolution of the store is whole: raw results from `raw`, minute rollups from
 * buckets starting at `minute`, hour rollups (and the days whose hours are all kept) from `hour`.
 * Pruning writes these before it deletes anything, so a reader never trusts a bucket that is being
 * pruned; they only move forward. Absent (nothing pruned yet) reads as 0: everything is kept.
 */
export interface KeptFrom {
  raw: number;
  minute: number;
  hour: number;
}

const MARK_NAMES: Record<keyof KeptFrom, string> = { raw: 'kept_raw_from', minute: 'kept_minute_from', hour: 'kept_hour_from' };

export async function markKept(db: Db, kept: KeptFrom): Promise<void> {
  const rows = (Object.keys(MARK_NAMES) as (keyof KeptFrom)[]).map((key) => ({ name: MARK_NAMES[key], value: kept[key] }));
  await db
    .insertInto('store_counters')
    .values(rows)
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: greatestOf<number>(db, sql`store_counters.value`, sql`excluded.value`) }))
    .execute();
}

export async function keptFrom(db: Db): Promise<KeptFrom> {
  const rows = await db.selectFrom('store_counters').select(['name', 'value']).where('name', 'in', Object.values(MARK_NAMES)).execute();
  const value = (key: keyof KeptFrom) => rows.find((row) => row.name === MARK_NAMES[key])?.value ?? 0;
  return { raw: value('raw'), minute: value('minute'), hour: value('hour') };
}
