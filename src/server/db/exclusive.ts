/*
 * Work that must run once across several API instances on one PostgreSQL database: sections held
 * under a session-level advisory lock named by a text. SQLite is one process's file (one instance),
 * whose callers already keep their runs from overlapping, so there the work simply runs.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { engineOf } from './engine.js';

export type ExclusiveOutcome<T> = { ran: true; value: T } | { ran: false };

/** The lock's 64-bit key (as decimal text): the first 8 bytes of the name's SHA-256. */
function lockKey(name: string): string {
  return createHash('sha256').update(`vigil:${name}`).digest().readBigInt64BE(0).toString();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The section holds one pooled connection for the lock while `fn` runs on the others; the lock goes
 * with that connection if the process dies, so another instance can take the work over.
 */
async function underLock<T>(db: AnyDb, name: string, wait: boolean, fn: () => Promise<T>): Promise<ExclusiveOutcome<T>> {
  if (engineOf(db) === 'sqlite') return { ran: true, value: await fn() };
  const key = lockKey(name);
  return db.connection().execute(async (connection) => {
    if (wait) await sql`select pg_advisory_lock(cast(${key} as bigint))`.execute(connection);
    else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(cast(${key} as bigint)) as locked`.execute(connection);
      if (rows[0]?.locked !== true) return { ran: false };
    }
    try {
      return { ran: true, value: await fn() };
    } finally {
      await sql`select pg_advisory_unlock(cast(${key} as bigint))`.execute(connection);
    }
  });
}

/** Runs `fn` unless another instance runs the section of that name now (then `{ran: false}` at once). */
export function runExclusively<T>(db: AnyDb, name: string, fn: () => Promise<T>): Promise<ExclusiveOutcome<T>> {
  return underLock(db, name, false, fn);
}

/** Runs `fn` once no other instance runs the section of that name (waiting for it to end). */
export async function runSerially<T>(db: AnyDb, name: string, fn: () => Promise<T>): Promise<T> {
  const outcome = await underLock(db, name, true, fn);
  if (!outcome.ran) throw new Error(`section ${name} did not run`);
  return outcome.value;
}

/**
 * How long a claim on a work item (a row marked taken until some time) must keep other instances
 * away when its holder may die mid-work: `ms` on PostgreSQL; 0 on SQLite, whose one process has no
 * other instance, so that after its restart the item is due again at once.
 */
export function claimLeaseMs(db: AnyDb, ms: number): number {
  return engineOf(db) === 'sqlite' ? 0 : ms;
}

/**
 * Whether other instances may use this database at the same time (PostgreSQL), so state that must
 * hold across them (e.g. a rate) lives in it; SQLite's file belongs to one process, which may keep
 * such state in memory.
 */
export function sharedByInstances(db: AnyDb): boolean {
  return engineOf(db) === 'postgres';
}
