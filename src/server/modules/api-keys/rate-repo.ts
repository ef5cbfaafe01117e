import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { greatestOf } from '../../db/sql-dialect.js';

export interface BucketShape {
  burst: number;
  /** Milliseconds one call takes to refill. */
  intervalMs: number;
}

/**
 * Takes one call from the key's bucket in one statement (GCRA: `full_at` is when the bucket would be
 * full again; a call moves it one interval on, allowed while it stays within a burst of intervals
 * from now). The conditional upsert answers a row only when it took the call, so instances sharing
 * the database can never both take the last one.
 */
export async function takeBucketCall(db: Db, keyId: number, now: number, shape: BucketShape): Promise<boolean> {
  const next = sql<number>`${greatestOf(db, sql.ref('api_key_rates.full_at'), sql`${now}`)} + ${shape.intervalMs}`;
  const taken = await db
    .insertInto('api_key_rates')
    .values({ key_id: keyId, full_at: now + shape.intervalMs })
    .onConflict((conflict) =>
      conflict
        .column('key_id')
        .doUpdateSet({ full_at: next })
        .where(sql<boolean>`${next} <= ${now + shape.burst * shape.intervalMs}`),
    )
    .returning('full_at')
    .executeTakeFirst();
  return taken !== undefined;
}

/** When the key's bucket would be full again (undefined: never used). */
export async function bucketFullAt(db: Db, keyId: number): Promise<number | undefined> {
  const row = await db.selectFrom('api_key_rates').select('full_at').where('key_id', '=', keyId).executeTakeFirst();
  return row?.full_at;
}
