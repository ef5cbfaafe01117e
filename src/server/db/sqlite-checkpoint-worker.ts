/*
 * The SQLite checkpoint thread: one read-write connection to the server's file that copies the
 * WAL's committed pages back into the database file (`wal_checkpoint(PASSIVE)`) off the API's
 * event loop, which otherwise ran them inside an ingest's COMMIT (checkpointer.ts). It never writes
 * rows. Bundled as its own file beside the server's bundle (scripts/build-server.mjs).
 */
import { openSync, readSync } from 'node:fs';
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

/*
 * The WAL's frames and how many of them are copied, read from the wal-index header in the `-shm`
 * file (sqlite.org/walformat.html: `mxFrame` at byte 16, the checkpoint's `nBackfill` at byte 96,
 * native byte order), so a round copies only once the WAL holds `minFrames` new ones, as SQLite's
 * own automatic checkpoint does: a checkpoint every second copied the hot rollup pages and synced
 * the files every second, where one per `minFrames` copies each once (the scale bench's server
 * CPU). A torn read only moves one round earlier or later.
 */
const shm = openSync(`${settings.file}-shm`, 'r');
const header = new Uint32Array(25);
const headerBytes = new Uint8Array(header.buffer);

function walFrames(): { log: number; checkpointed: number } | null {
  if (readSync(shm, headerBytes, 0, headerBytes.byteLength, 0) < headerBytes.byteLength) return null;
  const [log = 0, checkpointed = 0] = [header[4], header[24]];
  return { log, checkpointed: Math.min(checkpointed, log) };
}

/** One passive checkpoint (it waits for no lock; frames a reader's snapshot still needs stay for the next round). */
function checkpoint(): CheckpointReport {
  const started = performance.now();
  const frames = walFrames();
  if (frames && frames.log - frames.checkpointed < settings.minFrames) return { ran: { ...frames, copied: false }, ms: performance.now() - started };
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
