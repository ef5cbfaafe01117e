import { TRANSLOG_EXPORT_MAX_ROWS, type TranslogExportAnswer, type TranslogFilters, type TranslogRow } from '../../../shared/index.js';
import { request } from '../../lib/api-client.js';
import { download } from '../../lib/download.js';
import type { Translate } from '../../lib/error-text.js';
import { XLSX_MIME_TYPE, xlsxFileOf } from '../../lib/xlsx-file.js';
import { translogBookOf, translogFileName } from './translog-sheet.js';

export interface TranslogExportCount {
  exported: number;
  total: number;
}

/** Every transaction of the filters, chunk after chunk, at most `max`. */
export async function collectTranslog(filters: TranslogFilters, max = TRANSLOG_EXPORT_MAX_ROWS): Promise<{ rows: TranslogRow[]; total: number }> {
  const rows: TranslogRow[] = [];
  let total = 0;
  let beforeId: number | null = null;
  do {
    const answer: TranslogExportAnswer = await request('accountTranslogExport', beforeId === null ? filters : { ...filters, beforeId });
    if (answer.total !== null) total = answer.total;
    rows.push(...answer.rows);
    beforeId = answer.nextBeforeId;
  } while (beforeId !== null && rows.length < max);
  return { rows: rows.slice(0, max), total };
}

/**
 * Writes the points log of the current filters (all of them, not only the page shown) to an xlsx
 * file and downloads it; the spreadsheet library loads only now, with the first export.
 */
export async function exportTranslog(filters: TranslogFilters, t: Translate): Promise<TranslogExportCount> {
  const { rows, total } = await collectTranslog(filters);
  const bytes = await xlsxFileOf(translogBookOf(rows, t));
  download(bytes, translogFileName(new Date()), XLSX_MIME_TYPE);
  return { exported: rows.length, total };
}
