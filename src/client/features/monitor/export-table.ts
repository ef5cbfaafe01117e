import type { DomainListRow, MonitorType } from '../../../shared/index.js';
import { fileDateSuffix } from '../../../shared/file-names.js';
import { IMPORT_SHEETS, importColumnHeaderKey } from '../../../shared/import/template.js';
import type { Translate } from '../../lib/error-text.js';
import type { XlsxSheet } from '../../lib/xlsx-file.js';
import { targetTextOf } from '../../lib/task-paths.js';
import { typeSlugOf } from './monitor-types.js';

import { localDateTime } from '../../lib/local-date-time.js';

export { localDateTime };

/** Most rows one export holds (pages of 100 asked one after another). */
export const EXPORT_MAX_ROWS = 5_000;
export const EXPORT_PAGE_SIZE = 100;

/** §9: the export's file name carries the date (local), e.g. `monitor-http-20261122.xlsx`. */
export function exportFileName(type: MonitorType, date: Date): string {
  return `monitor-${typeSlugOf(type)}-${fileDateSuffix(date)}.xlsx`;
}

/** One cell of the sheet: text, a number, or empty. */
export type ExportCell = string | number | null;

/**
 * What one list's export writes: its columns (header texts come from `headerKeyPrefix` + column),
 * the sheet's name and a row of cells per item, in column order.
 */
export interface ExportSheet<Row> {
  columns: readonly string[];
  headerKeyPrefix: string;
  sheetNameKey: string;
  cellsOf: (row: Row, t: Translate) => ExportCell[];
}

/** The sheet: a header row in the user's language, then one row per item. */
export function sheetRowsOf<Row>(sheet: ExportSheet<Row>, rows: readonly Row[], t: Translate): ExportCell[][] {
  const header = sheet.columns.map((column) => t(`${sheet.headerKeyPrefix}${column}`));
  return [header, ...rows.map((row) => sheet.cellsOf(row, t))];
}

/** A list's export as the workbook's sheets: one, named in the user's language. */
export function listBookOf<Row>(sheet: ExportSheet<Row>, rows: readonly Row[], t: Translate): XlsxSheet[] {
  return [{ name: t(sheet.sheetNameKey), rows: sheetRowsOf(sheet, rows, t) }];
}

/**
 * Task lists of types 1-5 as the import template (§5), so the file can be edited and imported
 * again: its five tabs in order (the import refuses any other layout), each with its header row in
 * the user's language (`import:columns.*`); the type's tab holds the rows /domain/export wrote,
 * every cell text.
 */
export function templateBookOf(type: MonitorType, rows: readonly (readonly string[])[], t: Translate): XlsxSheet[] {
  return IMPORT_SHEETS.map((tab) => {
    const header = tab.columns.map((column) => t(importColumnHeaderKey(column)));
    return { name: tab.name, rows: tab.type === type ? [header, ...rows] : [header] };
  });
}

const round = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)));

export const EXPORT_COLUMNS = [
  'id',
  'name',
  'target',
  'frequency',
  'status',
  'availability',
  'responseTime',
  'serviceStatus',
  'deployStatus',
  'errorNodes',
  'nodes',
  'group',
  'tags',
  'lastCheck',
  'createdAt',
] as const;

function taskCells(row: DomainListRow, t: Translate): ExportCell[] {
  return [
    row.id,
    row.name,
    targetTextOf(row),
    row.frequencyMinutes,
    t(`monitor:status.${row.status}`),
    round(row.availabilityPercent, 2),
    round(row.avgResponseMs, 1),
    t(`common:serviceStatus.${row.serviceStatus}`),
    t(`monitor:deploy.status.${row.deployStatus}`),
    row.errorNodeCount,
    row.nodeCount,
    row.domainGroup,
    row.tags.join(', '),
    localDateTime(row.lastCheckAt),
    localDateTime(row.createdAt),
  ];
}

/** The traceroute task list (/domain/list, type 6), which has no import tab. */
export const TASK_EXPORT_SHEET: ExportSheet<DomainListRow> = {
  columns: EXPORT_COLUMNS,
  headerKeyPrefix: 'monitor:export.columns.',
  sheetNameKey: 'monitor:export.sheetName',
  cellsOf: taskCells,
};

/** What every paged list call takes and answers, as far as the export reads them. */
export interface PagedBody {
  page?: number;
  pageSize?: number;
}
export interface PagedAnswer<Row> {
  list: Row[];
  total: number;
}

/**
 * Every item of the list's filters, page after page, at most `max`; each page asks with the same
 * body (for task lists the same range, so the figures of all rows cover the same time).
 */
export async function collectRows<Body extends PagedBody, Row>(
  body: Body,
  fetchPage: (body: Body) => Promise<PagedAnswer<Row>>,
  max = EXPORT_MAX_ROWS,
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; rows.length < max; page += 1) {
    const answer = await fetchPage({ ...body, page, pageSize: EXPORT_PAGE_SIZE });
    total = answer.total;
    rows.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows: rows.slice(0, max), total };
}
