import * as XLSX from 'xlsx';
import type { FileAnswer } from '../../../shared/calls/define.js';
import { fileDateSuffix } from '../../../shared/file-names.js';

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell as written: text is always a string cell, so text starting with =, +, - or @ is never a formula. */
export type WrittenCell = string | number;

const COLUMN_WIDTH_MIN = 8;
const COLUMN_WIDTH_MAX = 60;

function cellOf(value: WrittenCell): XLSX.CellObject {
  return typeof value === 'number' ? { t: 'n', v: value } : { t: 's', v: value };
}

/** Display width of the longest line of a value (CJK characters count double). */
function widthOf(value: WrittenCell): number {
  const lines = String(value).split('\n');
  return Math.max(...lines.map((line) => [...line].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e80 ? 2 : 1), 0)));
}

/** A sheet from rows of cells, with columns as wide as their content. */
export function sheetOf(rows: readonly (readonly WrittenCell[])[]): XLSX.WorkSheet {
  const sheet: XLSX.WorkSheet = {};
  const widths: number[] = [];
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      sheet[XLSX.utils.encode_cell({ r, c })] = cellOf(value);
      widths[c] = Math.max(widths[c] ?? COLUMN_WIDTH_MIN, Math.min(COLUMN_WIDTH_MAX, widthOf(value) + 2));
    }),
  );
  const columns = Math.max(1, ...rows.map((row) => row.length));
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows.length - 1), c: columns - 1 } });
  sheet['!cols'] = widths.map((wch) => ({ wch }));
  return sheet;
}

/** A workbook of named sheets as an xlsx file answer named `<prefix>-YYYYMMDD.xlsx`. */
export function xlsxAnswer(prefix: string, sheets: readonly { name: string; sheet: XLSX.WorkSheet }[], now: number): FileAnswer {
  const workbook = XLSX.utils.book_new();
  for (const { name, sheet } of sheets) XLSX.utils.book_append_sheet(workbook, sheet, name);
  workbook.Props = { CreatedDate: new Date(now) };
  const bytes = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return { fileName: `${prefix}-${fileDateSuffix(new Date(now))}.xlsx`, mimeType: XLSX_MIME_TYPE, bytes: new Uint8Array(bytes) };
}
