import type { Db } from './connection.js';
import type { ReadPool, ReaderStats } from './read-pool.js';

interface Reader {
  db: Db;
  pool: ReadPool;
}

const readers = new WeakMap<object, Reader>();

/** Remembers the connection long reads of `db` go to, and its figures; called by the code that opens it. */
export function trackReader(db: object, reader: Reader): void {
  readers.set(db, reader);
}

/**
 * Where a long read-only statement (the range reader's sums) runs: for a SQLite file, its
 * read-only connections on threads of their own (read-pool.ts), so the API's event loop is not
 * held meanwhile; otherwise `db` itself (PostgreSQL's pool is already asynchronous; a `:memory:`
 * database cannot be opened twice; a transaction reads its own writes on its own connection).
 */
export function readerOf(db: Db): Db {
  return readers.get(db)?.db ?? db;
}

/** The reader threads' figures for /metrics; undefined where reads stay on `db` itself. */
export function readerStatsOf(db: object): ReaderStats | undefined {
  return readers.get(db)?.pool.stats;
}

/** The reader threads of `db` themselves (tests end one to see a crash answered). */
export function readPoolOf(db: object): ReadPool | undefined {
  return readers.get(db)?.pool;
}
