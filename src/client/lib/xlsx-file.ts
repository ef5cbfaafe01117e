/**
 * Writes worksheets as an xlsx file with the `xlsx` library (SheetJS), loaded here on first use
 * only, so it never weighs on the console's first screen. Text is always a text cell (`t: 's'`):
 * a value starting with =, +, - or @ stays text and is never a formula; numbers are number cells.
 */

export type XlsxCell = string | number | null;

export interface XlsxSheet {
  name: string;
  rows: readonly (readonly XlsxCell[])[];
}

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const cellOf = (value: XlsxCell) => (value === null ? null : typeof value === 'number' ? { t: 'n', v: value } : { t: 's', v: value });

/** A sheet name as the format allows it: at most 31 characters, none of : \ / ? * [ ]. */
const sheetNameOf = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** The sheets in order, in one workbook. */
export async function xlsxFileOf(sheets: readonly XlsxSheet[]): Promise<Uint8Array> {
  const XLSX = await import('xlsx');
  const workbook = XLSX.utils.book_new();
  for (const sheet of sheets) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(sheet.rows.map((row) => row.map(cellOf))), sheetNameOf(sheet.name));
  }
  const bytes: ArrayBuffer = XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true });
  return new Uint8Array(bytes);
}
