import { useCallback, useMemo, useState } from 'react';
import { LIMITS } from '../../../../shared/index.js';

export interface SelectedTask {
  id: number;
  name: string;
  /** Its deployment was processing when chosen: the server refuses to delete it until it is done (2131). */
  deploying: boolean;
}

export interface Selection {
  selected: ReadonlyMap<number, SelectedTask>;
  /** Whether another task can join: a batch holds at most LIMITS.bulkDeleteMax. */
  full: boolean;
  isSelected: (id: number) => boolean;
  toggle: (task: SelectedTask) => void;
  /** Selects every task given (up to the maximum), or clears them when all are selected already. */
  togglePage: (tasks: readonly SelectedTask[]) => void;
  clear: () => void;
}

/** Tasks chosen for bulk delete; kept while paging, so a batch can span pages up to the maximum. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlyMap<number, SelectedTask>>(new Map());
  const toggle = useCallback((task: SelectedTask) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(task.id)) next.delete(task.id);
      else if (next.size < LIMITS.bulkDeleteMax) next.set(task.id, task);
      return next;
    });
  }, []);
  const togglePage = useCallback((tasks: readonly SelectedTask[]) => {
    setSelected((current) => {
      const next = new Map(current);
      if (tasks.every((task) => next.has(task.id))) {
        for (const task of tasks) next.delete(task.id);
        return next;
      }
      for (const task of tasks) if (next.size < LIMITS.bulkDeleteMax) next.set(task.id, task);
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Map()), []);
  return useMemo(
    () => ({ selected, full: selected.size >= LIMITS.bulkDeleteMax, isSelected: (id: number) => selected.has(id), toggle, togglePage, clear }),
    [selected, toggle, togglePage, clear],
  );
}
