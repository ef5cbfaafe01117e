import { join } from 'node:path';
import { sql } from 'kysely';
import { DB_FILE_NAME, openDatabase, type Db } from '../../src/server/db/connection.js';
import { openPostgres } from '../../src/server/db/postgres.js';

/**
 * A test server's database: a SQLite file in its dir, or (VIGIL_TEST_DB=postgres, see
 * tests/support/postgres-global-setup.ts) a database of its own in the run's throw-away cluster,
 * copied from the migrated template.
 */
export interface TestDatabase {
  open(): Db;
  /** What a server process started on it needs in its environment (the URL on PostgreSQL; the data dir says it on SQLite). */
  env: Record<string, string>;
  /** Removes the database (the SQLite file goes with the test's dir). */
  drop(): Promise<void>;
}

const adminUrl = process.env.VIGIL_TEST_PG_ADMIN_URL;
export const testEngine = adminUrl === undefined ? 'sqlite' : 'postgres';

let admin: Db | undefined;
let created = 0;

const urlOf = (database: string) => {
  const url = new URL(adminUrl ?? '');
  url.pathname = `/${database}`;
  return url.toString();
};

export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  if (adminUrl === undefined) return { open: () => openDatabase(join(dir, DB_FILE_NAME)), env: {}, drop: async () => undefined };
  const cluster = (admin ??= openPostgres({ url: adminUrl, poolMax: 2, statementTimeoutMs: 0 }));
  const name = `vt_${process.pid}_${++created}`;
  await sql`create database ${sql.id(name)} template ${sql.id(process.env.VIGIL_TEST_PG_TEMPLATE ?? '')}`.execute(cluster);
  return {
    open: () => openPostgres({ url: urlOf(name), poolMax: 10, statementTimeoutMs: 0 }),
    env: { VIGIL_DATABASE_URL: urlOf(name) },
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(cluster);
    },
  };
}
