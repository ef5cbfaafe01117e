/** What the API's thread and the SQLite checkpoint thread (sqlite-checkpoint-worker.ts) say to each other. */

/** The worker's start settings (its workerData). */
export interface CheckpointSettings {
  /** The SQLite file, in WAL mode already (the main connection set it). */
  file: string;
  /** How often the thread looks for commits to copy back into the file. */
  intervalMs: number;
  /** It copies them once the WAL holds this many frames not yet copied. */
  minFrames: number;
}

/** The API's thread asks the worker to close its connection and end. */
export interface CheckpointRequest {
  close: true;
}

/**
 * `ready`: the connection is open, the main connection may stop checkpointing. `ran`: one round's
 * passive checkpoint, with SQLite's answer (`log` frames in the WAL, `checkpointed` of them now in
 * the file) and whether it copied anything. `failed`: the checkpoint statement failed (the thread
 * goes on and tries again).
 */
export type CheckpointReport =
  | { ready: true }
  | { ran: { log: number; checkpointed: number; copied: boolean }; ms: number }
  | { failed: string; ms: number };
