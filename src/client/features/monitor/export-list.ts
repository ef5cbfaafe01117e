import { MONITOR_TYPES, type DomainListBody, type MonitorType, type SslSearchBody } from '../../../shared/index.js';
import { importSheetOfType } from '../../../shared/import/template.js';
import { request } from '../../lib/api-client.js';
import { download } from '../../lib/download.js';
import type { Translate } from '../../lib/error-text.js';
import { XLSX_MIME_TYPE, xlsxFileOf, type XlsxSheet } from '../../lib/xlsx-file.js';
import { collectRows, exportFileName, listBookOf, TASK_EXPORT_SHEET, templateBookOf, type PagedAnswer, type PagedBody } from './export-table.js';
import { SSL_EXPORT_SHEET } from './ssl-export.js';

/** How many rows the file holds and how many matched the filters (more than the cap allows). */
export interface ExportCount {
  exported: number;
  total: number;
}

interface ListExport<Body extends PagedBody, Row> {
  type: MonitorType;
  body: Body;
  fetchPage: (body: Body) => Promise<PagedAnswer<Row>>;
  bookOf: (rows: readonly Row[], t: Translate) => XlsxSheet[];
}

/**
 * Exports every item of a list's current filters (all pages, up to the cap) to an xlsx file and
 * downloads it. The spreadsheet library loads only now, with the first export.
 */
async function exportList<Body extends PagedBody, Row>({ type, body, fetchPage, bookOf }: ListExport<Body, Row>, t: Translate): Promise<ExportCount> {
  const { rows, total } = await collectRows(body, fetchPage);
  const bytes = await xlsxFileOf(bookOf(rows, t));
  download(bytes, exportFileName(type, new Date()), XLSX_MIME_TYPE);
  return { exported: rows.length, total };
}

/** A page of /domain/export as the export collects it. */
async function templateRowsPage(body: DomainListBody): Promise<PagedAnswer<readonly string[]>> {
  const answer = await request('domainExportRows', body);
  return { list: answer.rows, total: answer.total };
}

/**
 * A task list, e.g. `monitor-http-20261122.xlsx`: types 1-5 as the import template
 * (/domain/export), traceroute with the list's own columns (/domain/list).
 */
export function exportTaskList(type: MonitorType, body: DomainListBody, t: Translate): Promise<ExportCount> {
  if (importSheetOfType(type)) {
    return exportList({ type, body, fetchPage: templateRowsPage, bookOf: (rows, tr) => templateBookOf(type, rows, tr) }, t);
  }
  return exportList({ type, body, fetchPage: (pageBody) => request('domainList', pageBody), bookOf: (rows, tr) => listBookOf(TASK_EXPORT_SHEET, rows, tr) }, t);
}

/** The SSL task list (/domain/ssl/search): `monitor-ssl-20261122.xlsx`. */
export function exportSslList(body: SslSearchBody, t: Translate): Promise<ExportCount> {
  return exportList({ type: MONITOR_TYPES.SSL, body, fetchPage: (pageBody) => request('domainSslSearch', pageBody), bookOf: (rows, tr) => listBookOf(SSL_EXPORT_SHEET, rows, tr) }, t);
}
