/** What the API's thread and a SQLite reader thread (sqlite-read-worker.ts) say to each other. */

/** The worker's start settings (its workerData). */
export interface ReaderSettings {
  /** The SQLite file, opened read-only; the main connection has it in WAL mode already. */
  file: string;
}

/** One statement to run; `close` asks the worker to close its connection and end. */
export type ReadRequest = { id: number; sql: string; parameters: readonly unknown[] } | { close: true };

export type ReadReply =
  | { id: number; rows: unknown[]; changes: number; ms: number }
  | { id: number; error: { message: string; code: string | undefined }; ms: number };
