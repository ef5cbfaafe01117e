import type { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { ReaderThread, ReadPool } from './read-pool.js';

/**
 * A lease of one reader thread: its statements run there in order, so BEGIN … COMMIT on it is one
 * transaction on that thread's connection (Kysely's own SQLite driver lends its one connection the
 * same way). Bound to the thread running when lent: if it ends, the lease's statements fail
 * rather than run on its replacement outside the transaction.
 */
class ReaderConnection implements DatabaseConnection {
  constructor(
    readonly thread: ReaderThread,
    private readonly worker: Worker,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, changes } = await this.thread.run(this.worker, compiled.sql, compiled.parameters);
    return { rows: rows as R[], numAffectedRows: BigInt(changes) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the SQLite reader does not stream');
  }
}

class ReaderDriver implements Driver {
  constructor(private readonly pool: ReadPool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const thread = await this.pool.acquire();
    try {
      return new ReaderConnection(thread, thread.current());
    } catch (error) {
      this.pool.release(thread);
      throw error;
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.pool.release((connection as ReaderConnection).thread);
  }

  async destroy(): Promise<void> {
    await this.pool.close();
  }
}

/** SQLite's SQL, run on the pool's reader threads: a Kysely over it compiles as the main connection's does. */
export class ReaderDialect implements Dialect {
  constructor(private readonly pool: ReadPool) {}

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new ReaderDriver(this.pool);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}
