import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';
import type { Db } from './connection.js';
import { rememberListenSettings } from './notifications.js';
import { trackPoolUsage } from './pool-usage.js';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * The server stores epoch milliseconds, counts and sums, all within 2^53: read PostgreSQL's bigint
 * and numeric (what sum() and count() answer) as numbers, as SQLite gives them, instead of pg's text.
 */
const numberTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === NUMERIC_OID ? Number : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export type PostgresSettings = Pick<DatabaseConfig, 'poolMax' | 'statementTimeoutMs'> & { url: string };

/** A pool of connections to the PostgreSQL database at url, as the same Kysely the SQLite file gives. */
export function openPostgres(settings: PostgresSettings): Db {
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.poolMax,
    types: numberTypes,
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    application_name: 'vigil',
    // The per-task sums of a last hour over thousands of tasks pass jit_above_cost, and compiling
    // them cost 41 ms of a 379 ms statement (EXPLAIN ANALYZE, docs/architecture.md "Load"): the
    // server's statements are short reads and writes that JIT never repays.
    options: '-c jit=off',
  });
  // An idle connection the server drops (a PostgreSQL restart) must not take the process down; the
  // pool replaces it on the next query.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  trackPoolUsage(db, () => ({
    engine: 'postgres',
    max: settings.poolMax,
    open: pool.totalCount,
    inUse: pool.totalCount - pool.idleCount,
    waiting: pool.waitingCount,
  }));
  rememberListenSettings(db, { connectionString: settings.url, application_name: 'vigil-listen' });
  return db;
}
