import { MONITOR_TYPES, type DomainListBody, type MonitorType, type SslSearchBody } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';
import { download } from '../../lib/download.js';
import type { Translate } from '../../lib/error-text.js';
import { collectRows, exportFileName, sheetRowsOf, TASK_EXPORT_SHEET, type ExportSheet, type PagedAnswer, type PagedBody } from './export-table.js';
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
  sheet: ExportSheet<Row>;
}

/**
 * Exports every item of a list's current filters (all pages, up to the cap) to an xlsx file and
 * downloads it. The writer loads only now, with the first export.
 */
async function exportList<Body extends PagedBody, Row>({ type, body, fetchPage, sheet }: ListExport<Body, Row>, t: Translate): Promise<ExportCount> {
  const [{ rows, total }, writer] = await Promise.all([collectRows(body, fetchPage), import('../../lib/xlsx-writer.js')]);
  const now = new Date();
  const bytes = writer.buildXlsx({ name: t(sheet.sheetNameKey), rows: sheetRowsOf(sheet, rows, t), freezeHeader: true }, now);
  download(bytes, exportFileName(type, now), writer.XLSX_MIME_TYPE);
  return { exported: rows.length, total };
}

/** A task list of types 1-6 (/domain/list), e.g. `monitor-http-20261122.xlsx`. */
export function exportTaskList(type: MonitorType, body: DomainListBody, t: Translate): Promise<ExportCount> {
  return exportList({ type, body, fetchPage: (pageBody) => request('domainList', pageBody), sheet: TASK_EXPORT_SHEET }, t);
}

/** The SSL task list (/domain/ssl/search): `monitor-ssl-20261122.xlsx`. */
export function exportSslList(body: SslSearchBody, t: Translate): Promise<ExportCount> {
  return exportList({ type: MONITOR_TYPES.SSL, body, fetchPage: (pageBody) => request('domainSslSearch', pageBody), sheet: SSL_EXPORT_SHEET }, t);
}
