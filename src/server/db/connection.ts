import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Driver, Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { AUTOCHECKPOINT_PAGES, Checkpointer, trackCheckpointer, type CheckpointOptions } from './checkpointer.js';
import { countingDriver, trackPoolUsage, type LendingCounts } from './pool-usage.js';
import { ReadPool } from './read-pool.js';
import { trackReader } from './reader.js';
import { ReaderDialect } from './worker-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export const DB_FILE_NAME = 'vigil.db';

/**
 * Prepared statements kept per connection, least recently used going first, bounded by their SQL
 * text's total length: a statement's memory grows with its text (about 1 MB for a 1,000-row insert
 * of 26,000 characters), so this keeps the cache near 20 MB whatever the statements.
 */
const STATEMENT_CACHE_CHARS = 512_000;

/**
 * The connection as Kysely's SQLite dialect sees it, reusing prepared statements by SQL text:
 * Kysely prepares every query anew, and preparing a multi-row ingest upsert costs about as much
 * as running it. A statement still being iterated is not handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  let cachedChars = 0;
  const forget = (text: string) => {
    if (statements.delete(text)) cachedChars -= text.length;
  };
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (text.length > STATEMENT_CACHE_CHARS) return statement;
      forget(text);
      statements.set(text, statement);
      cachedChars += text.length;
      for (const oldest of statements.keys()) {
        if (cachedChars <= STATEMENT_CACHE_CHARS) break;
        forget(oldest);
      }
      return statement;
    },
  };
}

/** Kysely's SQLite dialect with its one connection's lending counted (see pool-usage.ts), closing its `companions` (the readers, the checkpointer) first. */
class CountedSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly counts: LendingCounts,
    private readonly companions: readonly (() => Promise<void>)[],
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = countingDriver(super.createDriver(), this.counts);
    const companions = this.companions;
    if (companions.length === 0) return driver;
    return {
      ...driver,
      async destroy() {
        await Promise.all(companions.map((close) => close()));
        await driver.destroy();
      },
    };
  }
}

export interface OpenOptions {
  /**
   * Read-only connections on threads of their own for the long reads (db/reader.ts), 0 for none
   * (VIGIL_SQLITE_READERS, default 1). A database that cannot be opened twice (`:memory:`) has none.
   */
  readers?: number;
  /** When the WAL's checkpoints move to a thread of their own (db/checkpointer.ts); tests start it sooner. */
  checkpoints?: CheckpointOptions;
}

const DEFAULT_READERS = 1;

/** A database on a file, which other connections can open too (not `:memory:`, nor a temporary one). */
const isFile = (file: string): boolean => file !== ':memory:' && file !== '';

function openReaders(file: string, count: number): { db: Db; pool: ReadPool } | undefined {
  if (count < 1 || !isFile(file)) return undefined;
  const pool = new ReadPool({ file }, count);
  return { db: new Kysely<Database>({ dialect: new ReaderDialect(pool) }), pool };
}

/**
 * Opens (creating if needed) the SQLite file with WAL and foreign keys on, and a 64 MiB page cache
 * (the default 2 MiB holds less than one ingest batch's rollup pages). An ingest batch rewrites
 * most pages of the current minute's and hour's rollups and of the latest state (3-4 MB for 1,000
 * results), so: a new file gets 8 KiB pages (half the WAL frames per batch, about 15 % less CPU
 * per batch than 4 KiB; an existing file keeps its size). A file's WAL is checkpointed by a thread
 * of its own once it has grown (db/checkpointer.ts), by this connection otherwise.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(file);
  sqlite.pragma('page_size = 8192');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  // A batch's upserts need a statement journal larger than SQLite's 64 KiB spill size: in memory,
  // not a temporary file created and removed each batch.
  sqlite.pragma('temp_store = MEMORY');
  // Once a checkpoint lets the WAL start again from its beginning, the file is cut to what the next
  // commit wrote, so commits append: a WAL frame is not block-aligned, and overwriting old frames
  // that have left the page cache reads their blocks from disk first, inside the COMMIT.
  sqlite.pragma('journal_size_limit = 0');
  const counts: LendingCounts = { inUse: 0, waiting: 0 };
  const readers = openReaders(file, options.readers ?? DEFAULT_READERS);
  const checkpointer = isFile(file) ? new Checkpointer(sqlite, file, options.checkpoints) : undefined;
  const companions = [readers && (() => readers.db.destroy()), checkpointer && (() => checkpointer.close())].filter((close) => close !== undefined);
  const db = new Kysely<Database>({ dialect: new CountedSqliteDialect({ database: withStatementCache(sqlite) }, counts, companions) });
  trackPoolUsage(db, () => ({ engine: 'sqlite', max: 1, open: sqlite.open ? 1 : 0, ...counts }));
  if (readers) trackReader(db, readers);
  if (checkpointer) trackCheckpointer(db, checkpointer);
  return db;
}
