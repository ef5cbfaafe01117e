import * as XLSX from 'xlsx';
import type { Language } from '../../../src/shared/constants.js';
import { IMPORT_SHEETS, type ImportColumnKey, type ImportSheetName } from '../../../src/shared/import/template.js';
import enImport from '../../../locales/en/import.json' with { type: 'json' };
import cnImport from '../../../locales/zh-cn/import.json' with { type: 'json' };
import twImport from '../../../locales/zh-tw/import.json' with { type: 'json' };

/** Builds import files the way a user's spreadsheet app would, with the library itself. */

const COLUMN_TEXTS: Record<Language, Record<string, string>> = { en: enImport.columns, 'zh-tw': twImport.columns, 'zh-cn': cnImport.columns };

export const headerText = (key: ImportColumnKey, language: Language = 'en') => COLUMN_TEXTS[language][key] ?? key;

export type RowCells = Partial<Record<ImportColumnKey, string | number>>;
export type Tab = { name: string; rows: (string | number)[][] };

/** The five tabs with their headers and the given rows in each tab's column order. */
export function templateTabs(rows: Partial<Record<ImportSheetName, RowCells[]>> = {}, language: Language = 'en'): Tab[] {
  return IMPORT_SHEETS.map((sheet) => ({
    name: sheet.name,
    rows: [sheet.columns.map((key) => headerText(key, language)), ...(rows[sheet.name] ?? []).map((cells) => sheet.columns.map((key) => cells[key] ?? ''))],
  }));
}

export function workbookOf(tabs: readonly Tab[]): XLSX.WorkBook {
  const workbook = XLSX.utils.book_new();
  for (const tab of tabs) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(tab.rows), tab.name);
  return workbook;
}

export function bytesOf(workbook: XLSX.WorkBook, bookType: 'xlsx' | 'biff8' = 'xlsx'): Uint8Array {
  return new Uint8Array(XLSX.write(workbook, { type: 'buffer', bookType, compression: true }) as Buffer);
}

export const fileOf = (rows: Partial<Record<ImportSheetName, RowCells[]>>, language: Language = 'en') => bytesOf(workbookOf(templateTabs(rows, language)));

/** A valid row of each tab, imports on a fresh install (node Local). */
export const VALID: Record<ImportSheetName, RowCells> = {
  ICMP: { name: 'Ping', domain: 'ping.example.com', frequencyMinutes: 5, nodes: 'Local' },
  TCP: { name: 'Port', domain: 'tcp.example.com', port: 22, frequencyMinutes: 1, nodes: 'local' },
  HTTP: { name: 'Web', domain: 'web.example.com', port: '', otherPath: '/health', frequencyMinutes: 10, nodes: 'Local' },
  HTTPS: { name: 'Secure', domain: 'secure.example.com', port: 8443, frequencyMinutes: 60, nodes: 'Local' },
  DNS: { name: 'Resolve', domain: 'dns.example.com', recordType: 'aaaa', dnsServers: 'Google\n1.1.1.1:53', frequencyMinutes: 30, nodes: 'Local' },
};

/** A sheet's cells as written (type and value), for checking what the writers put in a file. */
export function cellsOf(bytes: Uint8Array, sheetIndex = 0): XLSX.CellObject[][] {
  const workbook = XLSX.read(bytes, { type: 'array', dense: true, cellFormula: true });
  return (workbook.Sheets[workbook.SheetNames[sheetIndex] ?? '']?.['!data'] ?? []) as XLSX.CellObject[][];
}
