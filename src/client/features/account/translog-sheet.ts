import type { TranslogRow } from '../../../shared/index.js';
import { fileDateSuffix } from '../../../shared/file-names.js';
import type { Translate } from '../../lib/error-text.js';
import { localDateTime } from '../../lib/local-date-time.js';
import { targetTextOf } from '../../lib/task-paths.js';
import type { XlsxCell, XlsxSheet } from '../../lib/xlsx-file.js';

/** The export's columns, in order; headers are `account:export.columns.<column>`. */
export const TRANSLOG_COLUMNS = ['time', 'kind', 'task', 'type', 'target', 'taskState', 'points', 'balanceAfter', 'note'] as const;

/** §9: the file's name carries the local date, e.g. `points-log-20261126.xlsx`. */
export function translogFileName(date: Date): string {
  return `points-log-${fileDateSuffix(date)}.xlsx`;
}

/** A task's target as one line, or '' when its row is not known. */
export function translogTargetText(task: NonNullable<TranslogRow['task']>): string {
  if (task.domain === null) return '';
  return targetTextOf({ domain: task.domain, port: task.port, otherPath: task.otherPath ?? '' });
}

function taskCells(task: TranslogRow['task'], t: Translate): XlsxCell[] {
  if (task === null) return ['', '', '', ''];
  return [
    task.name,
    task.type === null ? '' : t(`account:types.${task.type}`),
    translogTargetText(task),
    t(task.exists ? 'account:export.taskExists' : 'account:export.taskDeleted'),
  ];
}

/** One transaction as the file's row: texts in the reader's language, points as numbers. */
export function translogCells(row: TranslogRow, t: Translate): XlsxCell[] {
  return [localDateTime(row.createdAt), t(`account:kinds.${row.kind}`), ...taskCells(row.task, t), row.points, row.balanceAfter, row.note];
}

/** The workbook: one sheet named in the reader's language, a header row, then the rows as listed. */
export function translogBookOf(rows: readonly TranslogRow[], t: Translate): XlsxSheet[] {
  const header = TRANSLOG_COLUMNS.map((column) => t(`account:export.columns.${column}`));
  return [{ name: t('account:export.sheetName'), rows: [header, ...rows.map((row) => translogCells(row, t))] }];
}
