import { useSslRows, type SslTableProps } from './ssl-table.js';
import { TaskRowsCards } from './task-rows.js';

/** Narrow screens (down to 360 px): one card per SSL task with the same facts and controls. */
export function SslCards(props: SslTableProps) {
  return <TaskRowsCards {...useSslRows(props)} />;
}
