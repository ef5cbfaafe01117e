/** What the API's thread and the SQLite checkpoint thread (sqlite-checkpoint-worker.ts) say to each other. */

/** The worker's start settings (its workerData). */
export interface CheckpointSettings {
  /** The SQLite file, in WAL mode already (the main connection set it). */
  file: string;
  /** The thread looks for commits to copy back into the file at most this often, and at least every `longestIntervalMs`. */
  intervalMs: number;
  longestIntervalMs: number;
  /** It copies them once the WAL holds this many frames not yet copied. */
  minFrames: number;
  /** Where it keeps its counters (COUNTER_SLOTS), for the API's thread to read when asked. */
  counters: SharedArrayBuffer;
}

/**
 * The thread's counters, slots of a Float64Array over `counters`: it writes them at each round and
 * the API's thread reads them when /metrics asks, so a round wakes no other thread (a message a
 * second was the API's thread's own wake-up a second). `rounds` is written last: a reader that
 * sees it move sees that round's pages (x64 keeps stores in order).
 */
export const COUNTER_SLOTS = { runs: 0, failures: 1, busyMs: 2, walPages: 3, checkpointedPages: 4, rounds: 5 } as const;
export type CheckpointCounter = keyof typeof COUNTER_SLOTS;
export const COUNTERS_BYTES = Object.keys(COUNTER_SLOTS).length * Float64Array.BYTES_PER_ELEMENT;

/** The API's thread asks the worker to close its connection and end. */
export interface CheckpointRequest {
  close: true;
}

/** The thread's one message: its connection is open, the main connection may stop checkpointing. */
export interface CheckpointReport {
  ready: true;
}
