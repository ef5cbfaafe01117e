import type { FailedImportRow } from '../../../shared/calls/domain-import.js';
import type { FileAnswer } from '../../../shared/calls/define.js';
import type { Language } from '../../../shared/constants.js';
import { IMPORT_FILE_PREFIX, IMPORT_SHEETS, importColumnHeaderKey, type ImportColumnKey } from '../../../shared/import/template.js';
import { sheetOf, xlsxAnswer, type WrittenCell } from './sheet-writer.js';
import { exampleRowOf, helpRows } from './template-content.js';
import { importText } from './texts.js';

const headerRow = (columns: readonly ImportColumnKey[], language: Language) => columns.map((key) => importText(language, importColumnHeaderKey(key)));

/**
 * The import template: the five tabs with their headers in `language` and an example row that
 * imports as it is on a fresh install, then a Help tab (ignored when reading) listing the values
 * each column takes: SheetJS CE cannot write data-validation lists.
 */
export function writeTemplate(language: Language, now: number): FileAnswer {
  const sheets: { name: string; sheet: ReturnType<typeof sheetOf> }[] = IMPORT_SHEETS.map((spec) => ({
    name: spec.name,
    sheet: sheetOf([headerRow(spec.columns, language), exampleRowOf(spec, language)]),
  }));
  sheets.push({ name: importText(language, 'import:template.helpSheet'), sheet: sheetOf(helpRows(language)) });
  return xlsxAnswer(IMPORT_FILE_PREFIX.template, sheets, now);
}

const FAILED_COLUMNS = ['protocol', 'row', 'domain', 'port', 'errcode', 'errmessage'] as const;

/** An import's failed rows as one sheet, headers in `language`; every text a string cell. */
export function writeFailedRows(rows: readonly FailedImportRow[], language: Language, now: number): FileAnswer {
  const header = FAILED_COLUMNS.map((column) => importText(language, `import:template.failedColumns.${column}`));
  const body = rows.map((row): WrittenCell[] => FAILED_COLUMNS.map((column) => row[column]));
  return xlsxAnswer(IMPORT_FILE_PREFIX.failedRows, [{ name: importText(language, 'import:template.failedSheet'), sheet: sheetOf([header, ...body]) }], now);
}
