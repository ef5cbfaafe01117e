import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { IMPORT_SHEETS, type ImportColumnKey, type ImportSheetName } from '../src/shared/import/template.js';

/**
 * The spreadsheet side of the import flow, done with the same library the server uses: read the
 * template the console downloaded, fill it as a user would, read the failed rows file back.
 */

const ZH_TW_COLUMNS = (JSON.parse(readFileSync(new URL('../locales/zh-tw/import.json', import.meta.url), 'utf8')) as { columns: Record<ImportColumnKey, string> }).columns;

/** The header row a tab of the zh-tw template has: its columns in the fixed order, in Traditional Chinese. */
export function zhTwHeaderOf(sheet: ImportSheetName): string[] {
  const spec = IMPORT_SHEETS.find((candidate) => candidate.name === sheet);
  if (!spec) throw new Error(`no tab ${sheet}`);
  return spec.columns.map((key) => ZH_TW_COLUMNS[key]);
}

/** Each tab's rows as text (the header first), as `XLSX.utils.sheet_to_json` reads them. */
export function sheetRows(bytes: Buffer, sheet: string): string[][] {
  const workbook = XLSX.read(bytes, { type: 'buffer' });
  const found = workbook.Sheets[sheet];
  if (!found) throw new Error(`the file has no tab ${sheet}: ${workbook.SheetNames.join(', ')}`);
  return XLSX.utils.sheet_to_json<string[]>(found, { header: 1, raw: false, defval: '' });
}

export function sheetNames(bytes: Buffer): string[] {
  return XLSX.read(bytes, { type: 'buffer' }).SheetNames;
}

/** A row to write into a tab: its cells by column key; others stay empty. */
export type FilledRow = Partial<Record<ImportColumnKey, string | number>>;

/**
 * The template with each tab's example row replaced by the given rows (a tab not given keeps its
 * header only); the header rows and every other tab stay as downloaded.
 */
export function filledTemplate(template: Buffer, rowsBySheet: Partial<Record<ImportSheetName, FilledRow[]>>): Buffer {
  const workbook = XLSX.read(template, { type: 'buffer' });
  for (const spec of IMPORT_SHEETS) {
    const current = workbook.Sheets[spec.name];
    if (!current) throw new Error(`the template has no tab ${spec.name}`);
    const [header = []] = XLSX.utils.sheet_to_json<string[]>(current, { header: 1, raw: false, defval: '' });
    const rows = (rowsBySheet[spec.name] ?? []).map((row) => spec.columns.map((key) => row[key] ?? ''));
    workbook.Sheets[spec.name] = XLSX.utils.aoa_to_sheet([header, ...rows]);
  }
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
