/*
 * A SQLite reader thread: one read-only connection to the server's file that runs the statements
 * the API's thread posts (read-pool.ts) and posts back their rows. Long reads then hold this
 * thread, not the API's event loop; WAL lets it read beside the writer, and a statement begun after
 * the writer's commit sees it. Bundled as its own file beside the server's bundle
 * (scripts/build-server.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { buffersOf, toColumns, type ReaderSettings, type ReadReply, type ReadRequest } from './sqlite-read-protocol.js';

/** As the main connection's statement cache (connection.ts): bounded by the SQL texts' length. */
const STATEMENT_CACHE_CHARS = 512_000;

const settings = workerData as ReaderSettings;
const port = parentPort;
if (port === null) throw new Error('sqlite-read-worker runs as a worker thread');

const sqlite = new SQLite(settings.file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('cache_size = -65536');
// SQLite drops a connection's page cache whenever another connection has committed since its last
// read, which the writer does several times a second under ingest: without a map this connection
// copies every page of a long read in again each time.
sqlite.pragma('mmap_size = 536870912');

const statements = new Map<string, SQLite.Statement>();
let cachedChars = 0;

function prepared(text: string): SQLite.Statement {
  const cached = statements.get(text);
  if (cached) {
    statements.delete(text);
    statements.set(text, cached);
    return cached;
  }
  const statement = sqlite.prepare(text);
  if (text.length > STATEMENT_CACHE_CHARS) return statement;
  statements.set(text, statement);
  cachedChars += text.length;
  for (const [oldest] of statements) {
    if (cachedChars <= STATEMENT_CACHE_CHARS) break;
    statements.delete(oldest);
    cachedChars -= oldest.length;
  }
  return statement;
}

function run(request: Extract<ReadRequest, { id: number }>): ReadReply {
  const started = performance.now();
  try {
    const statement = prepared(request.sql);
    if (statement.reader) {
      const rows = toColumns(statement.all(...request.parameters) as Record<string, unknown>[]);
      return { id: request.id, rows, changes: 0, ms: performance.now() - started };
    }
    return { id: request.id, rows: toColumns([]), changes: statement.run(...request.parameters).changes, ms: performance.now() - started };
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    return { id: request.id, error: { message, code }, ms: performance.now() - started };
  }
}

port.on('message', (request: ReadRequest) => {
  if ('close' in request) {
    sqlite.close();
    port.close();
    return;
  }
  const reply = run(request);
  port.postMessage(reply, 'rows' in reply ? buffersOf(reply.rows) : []);
});
