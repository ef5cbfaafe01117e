import { LIMITS } from '../../../shared/index.js';

/** A row chosen for bulk delete, with what the confirmation tells about it. */
export interface SelectedRow {
  id: number;
  name: string;
  taskCount: number;
}

export type SelectedRows = ReadonlyMap<number, SelectedRow>;

/** At most this many rows go in one delete call (the server refuses more). */
export const BATCH_MAX = LIMITS.bulkDeleteMax;

/** Adds a row, or removes it when chosen already; a full batch takes no more. */
export function toggleRow(selected: SelectedRows, row: SelectedRow, max: number = BATCH_MAX): SelectedRows {
  const next = new Map(selected);
  if (next.has(row.id)) next.delete(row.id);
  else if (next.size < max) next.set(row.id, row);
  return next;
}

/** Chooses every row of a page (up to the maximum), or clears them when all of them are chosen already. */
export function togglePageRows(selected: SelectedRows, rows: readonly SelectedRow[], max: number = BATCH_MAX): SelectedRows {
  const next = new Map(selected);
  if (rows.length > 0 && rows.every((row) => next.has(row.id))) {
    for (const row of rows) next.delete(row.id);
    return next;
  }
  for (const row of rows) if (!next.has(row.id) && next.size < max) next.set(row.id, row);
  return next;
}

/** Keeps the chosen rows that still exist, with the figures of the latest answer. */
export function refreshedRows(selected: SelectedRows, rows: readonly SelectedRow[]): SelectedRows {
  if (selected.size === 0) return selected;
  const next = new Map(selected);
  for (const row of rows) if (next.has(row.id)) next.set(row.id, row);
  return next;
}

/** The chosen rows that tasks use, in the order they were chosen: the confirmation names them first. */
export function rowsInUseFirst(selected: SelectedRows): SelectedRow[] {
  const rows = [...selected.values()];
  return [...rows.filter((row) => row.taskCount > 0), ...rows.filter((row) => row.taskCount === 0)];
}
