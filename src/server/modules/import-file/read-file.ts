import * as XLSX from 'xlsx';
import type { MonitorType } from '../../../shared/codes.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/constants.js';
import {
  IMPORT_COLUMN_KEYS,
  IMPORT_LIMITS,
  IMPORT_SHEET_NAMES,
  IMPORT_SHEETS,
  importColumnHeaderKey,
  type ImportColumnKey,
  type ImportSheet,
  type ImportSheetName,
} from '../../../shared/import/template.js';
import { contentMatches, extensionKind, type SpreadsheetKind } from './file-kind.js';
import { importFileError } from './file-error.js';
import { headerMismatch } from './headers.js';
import { rowTexts } from './sheet-cells.js';
import { importText } from './texts.js';
import { zipRefusal } from './zip-directory.js';

export interface ImportRow {
  sheet: ImportSheetName;
  type: MonitorType;
  /** 1-based row number in its tab. */
  row: number;
  cells: Record<ImportColumnKey, string>;
}

/** Every non-empty data row of the five tabs, in tab order. */
export interface ImportFile {
  rows: ImportRow[];
}

/**
 * Rows SheetJS reads of a tab: the header, the rows allowed, and a margin of empty rows; the rest
 * is never materialised. A tab whose range goes further is refused rather than cut short.
 */
export const SHEET_ROWS_READ = IMPORT_LIMITS.rowsMax + 1 + 1_000;

function assertOpenable(bytes: Uint8Array, fileName: string, language: Language): SpreadsheetKind {
  const kind = extensionKind(fileName);
  if (kind === undefined) throw importFileError(language, 'extension');
  if (!contentMatches(bytes, kind)) throw importFileError(language, 'notSpreadsheet', { kind });
  if (kind === 'xlsx') {
    const refusal = zipRefusal(bytes, { unzippedBytesMax: IMPORT_LIMITS.unzippedBytesMax, ratioMax: IMPORT_LIMITS.zipRatioMax });
    if (refusal === 'malformed') throw importFileError(language, 'unreadable');
    if (refusal !== undefined) {
      throw importFileError(language, 'expands', { maxMb: IMPORT_LIMITS.unzippedBytesMax / 1024 / 1024, ratio: IMPORT_LIMITS.zipRatioMax });
    }
  }
  return kind;
}

function parse(bytes: Uint8Array, language: Language): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheetRows: SHEET_ROWS_READ,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellText: false,
      cellDates: false,
      bookVBA: false,
      WTF: false,
    });
  } catch {
    throw importFileError(language, 'unreadable');
  }
}

/** The five tabs, in the template's order, at its start; tabs after them (Help) are ignored. */
function assertTabs(workbook: XLSX.WorkBook, language: Language): void {
  IMPORT_SHEET_NAMES.forEach((name, index) => {
    const found = workbook.SheetNames[index];
    if (found?.trim().toUpperCase() !== name) {
      throw importFileError(language, 'tab', { position: index + 1, expected: name, found: found ?? '' });
    }
  });
}

interface SheetRange {
  rows: number;
  columns: number;
}

function rangeOf(sheet: XLSX.WorkSheet, name: ImportSheetName, language: Language): SheetRange {
  const full = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref'] ?? 'A1:A1');
  if (full.e.r + 1 > SHEET_ROWS_READ) throw importFileError(language, 'rangeTooLong', { sheet: name, last: full.e.r + 1, max: IMPORT_LIMITS.rowsMax });
  const read = sheet['!ref'] === undefined ? undefined : XLSX.utils.decode_range(sheet['!ref']);
  return read === undefined ? { rows: 0, columns: 0 } : { rows: read.e.r + 1, columns: read.e.c + 1 };
}

function assertHeader(sheet: XLSX.WorkSheet, spec: ImportSheet, range: SheetRange, language: Language): void {
  const mismatch = headerMismatch(spec, rowTexts(sheet, 0, Math.max(range.columns, spec.columns.length)));
  if (!mismatch) return;
  const params = { sheet: spec.name, column: mismatch.column + 1 };
  if (mismatch.expected === undefined) throw importFileError(language, 'extraColumn', params);
  throw importFileError(language, 'header', { ...params, expected: importText(language, importColumnHeaderKey(mismatch.expected)) });
}

function cellsOf(spec: ImportSheet, texts: readonly string[]): Record<ImportColumnKey, string> {
  const cells = Object.fromEntries(IMPORT_COLUMN_KEYS.map((key) => [key, ''])) as Record<ImportColumnKey, string>;
  spec.columns.forEach((key, column) => (cells[key] = texts[column] ?? ''));
  return cells;
}

function dataRows(sheet: XLSX.WorkSheet, spec: ImportSheet, range: SheetRange): ImportRow[] {
  const rows: ImportRow[] = [];
  for (let row = 1; row < range.rows; row += 1) {
    const texts = rowTexts(sheet, row, spec.columns.length);
    if (texts.every((text) => text === '')) continue;
    rows.push({ sheet: spec.name, type: spec.type, row: row + 1, cells: cellsOf(spec, texts) });
  }
  return rows;
}

/**
 * Reads an uploaded template: only .xlsx/.xls whose content is what the name says; an xlsx's zip
 * is checked before SheetJS opens it (size, expansion ratio, each part's real size); formulas
 * never evaluated; the five tabs in order with their headers; caps on cells and rows. Refusals are
 * 2104 with the reason in `language` (naming the tab and column for a changed layout).
 */
export function readImportFile(bytes: Uint8Array, fileName: string, language: Language = DEFAULT_LANGUAGE): ImportFile {
  assertOpenable(bytes, fileName, language);
  const workbook = parse(bytes, language);
  assertTabs(workbook, language);
  const rows: ImportRow[] = [];
  let cells = 0;
  IMPORT_SHEETS.forEach((spec, index) => {
    const sheet = workbook.Sheets[workbook.SheetNames[index] ?? ''];
    if (!sheet) throw importFileError(language, 'unreadable');
    const range = rangeOf(sheet, spec.name, language);
    cells += range.rows * range.columns;
    if (cells > IMPORT_LIMITS.cellsMax) throw importFileError(language, 'tooManyCells', { max: IMPORT_LIMITS.cellsMax });
    assertHeader(sheet, spec, range, language);
    rows.push(...dataRows(sheet, spec, range));
    if (rows.length > IMPORT_LIMITS.rowsMax) throw importFileError(language, 'tooManyRows', { max: IMPORT_LIMITS.rowsMax });
  });
  if (rows.length === 0) throw importFileError(language, 'noRows');
  return { rows };
}
