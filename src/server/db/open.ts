import { join } from 'node:path';
import type { Config } from '../config.js';
import { DB_FILE_NAME, openDatabase, type Db } from './connection.js';
import { openPostgres } from './postgres.js';

/** The configured database: PostgreSQL when VIGIL_DATABASE_URL is set, else the SQLite file in the data dir. */
export function openConfiguredDatabase(config: Pick<Config, 'dataDir' | 'database'>): Db {
  const { url, poolMax, statementTimeoutMs, sqliteReaders } = config.database;
  if (url !== undefined) return openPostgres({ url, poolMax, statementTimeoutMs });
  return openDatabase(join(config.dataDir, DB_FILE_NAME), { readers: sqliteReaders });
}
