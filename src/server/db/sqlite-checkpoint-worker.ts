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
import { COUNTER_SLOTS, type CheckpointCounter, type CheckpointReport, type CheckpointRequest, type CheckpointSettings } from './sqlite-checkpoint-protocol.js';

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

/** The WAL's frames (`log`) and how many of them are copied back into the file. */
interface WalFrames {
  log: number;
  checkpointed: number;
}
const header = new Uint32Array(25);
const headerBytes = new Uint8Array(header.buffer);

function walFrames(): WalFrames | null {
  if (readSync(shm, headerBytes, 0, headerBytes.byteLength, 0) < headerBytes.byteLength) return null;
  const [log = 0, checkpointed = 0] = [header[4], header[24]];
  return { log, checkpointed: Math.min(checkpointed, log) };
}

const counters = new Float64Array(settings.counters);
const add = (counter: CheckpointCounter, by: number) => (counters[COUNTER_SLOTS[counter]] = (counters[COUNTER_SLOTS[counter]] ?? 0) + by);
const set = (counter: CheckpointCounter, value: number) => (counters[COUNTER_SLOTS[counter]] = value);

/** One passive checkpoint (it waits for no lock; frames a reader's snapshot still needs stay for the next round). */
function checkpoint(): (WalFrames & { copied: boolean }) | null {
  const frames = walFrames();
  if (frames && frames.log - frames.checkpointed < settings.minFrames) return { ...frames, copied: false };
  try {
    const [row = last] = sqlite.pragma('wal_checkpoint(PASSIVE)') as CheckpointRow[];
    const copied = row.log !== last.log || row.checkpointed !== last.checkpointed;
    last = row;
    return { log: row.log, checkpointed: row.checkpointed, copied };
  } catch {
    return null;
  }
}

/*
 * When to look next: when the WAL, growing as fast as since the last look, will hold `minFrames`
 * new frames, but no sooner than `intervalMs` and no later than `longestIntervalMs`. A WAL fed by
 * one ingest every 3 s is looked at every few seconds (a look a second, each a wake-up of this
 * thread, was about 0.02 ms of CPU per check in the scale bench); one that fills fast, every
 * `intervalMs` as before.
 */
let lastLook: { at: number; log: number } | null = null;

function nextLookMs(now: number, frames: WalFrames | null): number {
  const previous = lastLook;
  lastLook = frames && { at: now, log: frames.log };
  if (!frames || !previous) return settings.intervalMs;
  // A WAL that started again from its beginning grew by all it holds now.
  const grown = frames.log >= previous.log ? frames.log - previous.log : frames.log;
  const perMs = grown / Math.max(1, now - previous.at);
  const untilFull = perMs > 0 ? (settings.minFrames - (frames.log - frames.checkpointed)) / perMs : Number.POSITIVE_INFINITY;
  return Math.min(settings.longestIntervalMs, Math.max(settings.intervalMs, untilFull));
}

/** A round and its counters; the pages before `rounds` (see COUNTER_SLOTS). */
function round(): WalFrames | null {
  const started = performance.now();
  const ran = checkpoint();
  add('busyMs', performance.now() - started);
  if (ran === null) add('failures', 1);
  else {
    if (ran.copied) add('runs', 1);
    set('checkpointedPages', ran.checkpointed);
    set('walPages', ran.log);
  }
  add('rounds', 1);
  return ran;
}

let timer: NodeJS.Timeout | undefined;
const lookAfter = (ms: number) => {
  timer = setTimeout(() => lookAfter(nextLookMs(performance.now(), round())), ms);
};
lookAfter(settings.intervalMs);

port.on('message', (request: CheckpointRequest) => {
  if (!request.close) return;
  clearTimeout(timer);
  sqlite.close();
  port.close();
});
port.postMessage({ ready: true } satisfies CheckpointReport);
