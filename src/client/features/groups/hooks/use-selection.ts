import { useCallback, useMemo, useState } from 'react';
import { BATCH_MAX, refreshedRows, toggleRow, togglePageRows, type SelectedRow, type SelectedRows } from '../selection.js';

export interface Selection {
  selected: SelectedRows;
  /** Whether another row can join: a batch holds at most LIMITS.bulkDeleteMax. */
  full: boolean;
  isSelected: (id: number) => boolean;
  toggle: (row: SelectedRow) => void;
  togglePage: (rows: readonly SelectedRow[]) => void;
  /** Takes the figures of a new answer for the rows still chosen. */
  refresh: (rows: readonly SelectedRow[]) => void;
  /** Forgets the given rows (deleted), or all of them. */
  clear: (ids?: readonly number[]) => void;
}

/** Rows chosen for bulk delete; kept while paging and searching, so a batch can span pages. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<SelectedRows>(new Map());
  const toggle = useCallback((row: SelectedRow) => setSelected((current) => toggleRow(current, row)), []);
  const togglePage = useCallback((rows: readonly SelectedRow[]) => setSelected((current) => togglePageRows(current, rows)), []);
  const refresh = useCallback((rows: readonly SelectedRow[]) => setSelected((current) => refreshedRows(current, rows)), []);
  const clear = useCallback((ids?: readonly number[]) => {
    setSelected((current) => {
      if (!ids) return new Map();
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);
  return useMemo(
    () => ({ selected, full: selected.size >= BATCH_MAX, isSelected: (id: number) => selected.has(id), toggle, togglePage, refresh, clear }),
    [selected, toggle, togglePage, refresh, clear],
  );
}
