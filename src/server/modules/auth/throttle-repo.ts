import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { greatestOf } from '../../db/sql-dialect.js';

export interface CounterRule {
  now: number;
  /** How long failures are counted together, and how long a lock lasts. */
  windowMs: number;
  max: number;
}

/**
 * Counts one attempt on a key in a single statement and answers the new count, so parallel attempts
 * each see their own number. A counter starts over once its window has passed or its lock has ended;
 * reaching `max` locks it for the window, and attempts refused meanwhile do not extend the lock.
 */
export async function countAttempt(db: Db, key: string, rule: CounterRule): Promise<number> {
  const { now, windowMs, max } = rule;
  // Qualified: inside PostgreSQL's ON CONFLICT a bare column could also be the `excluded` row's.
  const restart = sql<boolean>`((login_failures.locked_until is null and ${now} - login_failures.window_start >= ${windowMs}) or login_failures.locked_until <= ${now})`;
  const next = sql<number>`(case when ${restart} then 1 else login_failures.count + 1 end)`;
  const row = await db
    .insertInto('login_failures')
    .values({ key, count: 1, window_start: now, locked_until: max <= 1 ? now + windowMs : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: next,
        window_start: sql<number>`(case when ${restart} then ${now} else login_failures.window_start end)`,
        locked_until: sql<number | null>`(case when ${next} = ${max} then ${now + windowMs} when ${restart} then null else login_failures.locked_until end)`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Takes back one counted attempt (it turned out to be a success). */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ count: greatestOf<number>(db, sql`count - 1`, sql`0`) })
    .where('key', '=', key)
    .execute();
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/**
 * Deletes the counters that would start over at their next attempt (window passed without a lock,
 * or lock ended), so guesses at many accounts or from many addresses do not pile up rows forever.
 * Uses the same rule as countAttempt, so no counter that still counts is lost.
 */
export async function deleteEndedCounters(db: Db, now: number, windowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb.and([eb('locked_until', 'is', null), eb('window_start', '<=', now - windowMs)]), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
