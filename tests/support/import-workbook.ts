import * as XLSX from 'xlsx';
import { IMPORT_SHEETS, type ImportColumnKey, type ImportSheetName } from '../../src/shared/import/template.js';

/** One data row of a tab: cells by column key (left out: empty). */
export type WorkbookRow = Partial<Record<ImportColumnKey, string | number>>;
export type WorkbookRows = Partial<Record<ImportSheetName, readonly WorkbookRow[]>>;

export interface WorkbookOptions {
  bookType?: 'xlsx' | 'xls';
  /** Header cell of a column (default: the column key, which every reader accepts). */
  header?: (key: ImportColumnKey) => string;
}

/** A workbook shaped like the import template (the five tabs, their columns in order) holding these rows. */
export function importWorkbook(rows: WorkbookRows, options: WorkbookOptions = {}): Uint8Array {
  const book = XLSX.utils.book_new();
  const header = options.header ?? ((key: ImportColumnKey) => key);
  for (const sheet of IMPORT_SHEETS) {
    const lines = (rows[sheet.name] ?? []).map((row) => sheet.columns.map((key) => String(row[key] ?? '')));
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([sheet.columns.map(header), ...lines]), sheet.name);
  }
  const written = XLSX.write(book, { type: 'buffer', bookType: options.bookType ?? 'xlsx' }) as Buffer;
  return new Uint8Array(written);
}

/** A multipart/form-data body with one file part (for `app.inject`). */
export function multipartFile(field: string, fileName: string, bytes: Uint8Array): { payload: Buffer; contentType: string } {
  const boundary = `----vigil-test-${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
