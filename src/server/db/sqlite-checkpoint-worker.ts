/*
 * The SQLite checkpoint thread: one read-write connection to the server's file that copies the
 * WAL's committed pages back into the database file (`wal_checkpoint(PASSIVE)`) off the API's
 * event loop, which otherwise ran them inside an ingest's COMMIT (checkpointer.ts). It never writes
 * rows. Bundled as its own file beside the server's bundle (scripts/build-server.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import type { CheckpointReport, CheckpointRequest, CheckpointSettings } from './sqlite-checkpoint-protocol.js';

const settings = workerData as CheckpointSettings;
const port = parentPort;
if (port === null) throw new Error('sqlite-checkpoint-worker runs as a worker thread');

const sqlite = new SQLite(settings.file, { fileMustExist: true });
// A checkpoint syncs by its connection's setting: NORMAL, as the main connection's own automatic
// checkpoints did (the WAL synced before its pages are copied, the file synced before the WAL restarts).
sqlite.pragma('synchronous = NORMAL');

interface CheckpointRow {
  busy: number;
  log: number;
  checkpointed: number;
}

/** SQLite's answer to the last checkpoint: a round with the same answer copied nothing. */
let last: CheckpointRow = { busy: 0, log: 0, checkpointed: 0 };

/** One passive checkpoint (it waits for no lock; frames a reader's snapshot still needs stay for the next round). */
function checkpoint(): CheckpointReport {
  const started = performance.now();
  try {
    const [row = last] = sqlite.pragma('wal_checkpoint(PASSIVE)') as CheckpointRow[];
    const copied = row.log !== last.log || row.checkpointed !== last.checkpointed;
    last = row;
    return { ran: { log: row.log, checkpointed: row.checkpointed, copied }, ms: performance.now() - started };
  } catch (error) {
    return { failed: (error as Error).message, ms: performance.now() - started };
  }
}

const timer = setInterval(() => port.postMessage(checkpoint()), settings.intervalMs);

port.on('message', (request: CheckpointRequest) => {
  if (!request.close) return;
  clearInterval(timer);
  sqlite.close();
  port.close();
});
port.postMessage({ ready: true } satisfies CheckpointReport);
