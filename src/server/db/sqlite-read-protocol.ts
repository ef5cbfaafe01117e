/** What the API's thread and a SQLite reader thread (sqlite-read-worker.ts) say to each other. */

/** The worker's start settings (its workerData). */
export interface ReaderSettings {
  /** The SQLite file, opened read-only; the main connection has it in WAL mode already. */
  file: string;
}

/** One statement to run; `close` asks the worker to close its connection and end. */
export type ReadRequest = { id: number; sql: string; parameters: readonly unknown[] } | { close: true };

/**
 * Rows column by column: a column of numbers only travels as a Float64Array, moved whole. Receiving
 * 10,000 rows of sums as objects cost the API's thread 9.2 ms (every key of every row decoded), the
 * kind of stall the reader thread is there to save it; as columns 0.3 ms, rebuilt as rows 1.9 ms.
 */
export interface ColumnRows {
  names: string[];
  columns: (Float64Array | unknown[])[];
  length: number;
}

export type ReadReply =
  | { id: number; rows: ColumnRows; changes: number; ms: number }
  | { id: number; error: { message: string; code: string | undefined }; ms: number };

export function toColumns(rows: readonly Record<string, unknown>[]): ColumnRows {
  const first = rows[0];
  if (!first) return { names: [], columns: [], length: 0 };
  const names = Object.keys(first);
  const columns = names.map((name) => {
    const values = rows.map((row) => row[name]);
    return values.every((value) => typeof value === 'number') ? Float64Array.from(values as number[]) : values;
  });
  return { names, columns, length: rows.length };
}

export function fromColumns({ names, columns, length }: ColumnRows): Record<string, unknown>[] {
  const rows = new Array<Record<string, unknown>>(length);
  for (let index = 0; index < length; index += 1) {
    const row: Record<string, unknown> = {};
    names.forEach((name, column) => (row[name] = columns[column]?.[index]));
    rows[index] = row;
  }
  return rows;
}

/** The column buffers a reply can hand over rather than copy. */
export const buffersOf = (rows: ColumnRows): ArrayBuffer[] =>
  rows.columns.flatMap((column) => (column instanceof Float64Array ? [column.buffer as ArrayBuffer] : []));
