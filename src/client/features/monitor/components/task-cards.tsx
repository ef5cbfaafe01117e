import { taskRowsOf, type TaskRowsProps } from './task-table.js';
import { TaskRowsCards } from './task-rows.js';

/** Narrow screens (down to 360 px): one card per task with the same facts and controls. */
export function TaskCards(props: TaskRowsProps) {
  return <TaskRowsCards {...taskRowsOf(props)} />;
}
