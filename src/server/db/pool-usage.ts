import type { DatabaseConnection, Driver, TransactionSettings } from 'kysely';
import type { Engine } from './engine.js';

/**
 * How busy the database connections are, for /metrics. PostgreSQL: the pg pool's own counts.
 * SQLite: one connection that Kysely lends to one query or transaction at a time; `waiting` counts
 * those queued behind it (better-sqlite3 answers synchronously, so a queue forms only behind a
 * transaction that awaits between its statements).
 */
export interface PoolUsage {
  engine: Engine;
  /** Connections the pool may open at most (1 for SQLite). */
  max: number;
  /** Connections open now. */
  open: number;
  /** Connections lent to a query or transaction now. */
  inUse: number;
  /** Queries or transactions waiting for a connection. */
  waiting: number;
}

const readers = new WeakMap<object, () => PoolUsage>();

/** Remembers how to read a database's pool usage; called by the code that opens it. */
export function trackPoolUsage(db: object, read: () => PoolUsage): void {
  readers.set(db, read);
}

/** The pool usage of a database opened by db/open.ts; undefined for one opened some other way. */
export function poolUsageOf(db: object): PoolUsage | undefined {
  return readers.get(db)?.();
}

/** Lending counts a driver keeps: connections lent out and acquisitions still waiting. */
export interface LendingCounts {
  inUse: number;
  waiting: number;
}

/** The driver with its lending counted; every other call passes through unchanged. */
export function countingDriver(driver: Driver, counts: LendingCounts): Driver {
  return {
    init: () => driver.init(),
    async acquireConnection() {
      counts.waiting += 1;
      try {
        const connection = await driver.acquireConnection();
        counts.inUse += 1;
        return connection;
      } finally {
        counts.waiting -= 1;
      }
    },
    beginTransaction: (connection: DatabaseConnection, settings: TransactionSettings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
    ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
    ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
    async releaseConnection(connection) {
      counts.inUse -= 1;
      await driver.releaseConnection(connection);
    },
    destroy: () => driver.destroy(),
  };
}
