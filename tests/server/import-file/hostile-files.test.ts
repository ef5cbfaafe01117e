import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { readImportFile, writeFailedRows, failedRowOf, rowToTaskInput, type ImportLookups } from '../../../src/server/modules/import-file/index.js';
import { AppError } from '../../../src/server/http/app-error.js';
import { IMPORT_LIMITS } from '../../../src/shared/import/template.js';
import { craftedZip, paddedSheetXml, rezipped, workbookParts } from './crafted-zip.js';
import { VALID, bytesOf, cellsOf, templateTabs, workbookOf, type RowCells } from './import-files.js';

function refusal(bytes: Uint8Array, fileName = 'tasks.xlsx'): string {
  try {
    readImportFile(bytes, fileName, 'en');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe(2104);
    return error.publicMessage;
  }
  throw new Error('the file was accepted');
}

const MB = 1024 * 1024;
const EXPANDS = 'The file unpacks to more than 100 MB or to more than 100 times its size, which no template needs';

describe('zip bombs are refused before SheetJS opens them', () => {
  it('a sheet of 200 MB of spaces (honest sizes): more than 100 MB unpacked', () => {
    const bytes = craftedZip(workbookParts(paddedSheetXml(200 * MB)));
    expect(bytes.length).toBeLessThan(IMPORT_LIMITS.fileBytes);
    expect(refusal(bytes)).toBe(EXPANDS);
  });

  it('a sheet of 20 MB of spaces: within 100 MB but over 100 times the file size', () => {
    expect(refusal(craftedZip(workbookParts(paddedSheetXml(20 * MB))))).toBe(EXPANDS);
  });

  it('a part whose headers claim 2 KB but which inflates to 50 MB', () => {
    const parts = workbookParts(paddedSheetXml(50 * MB));
    const sheet = parts[parts.length - 1];
    if (sheet) sheet.claimedBytes = 2048;
    expect(refusal(craftedZip(parts))).toBe(EXPANDS);
  });
});

describe('sizes of sheets', () => {
  it('a tab whose range says 1,000,000 rows with one row of data is refused at once (no row is materialised)', () => {
    // As a crafted file would: the sheet's dimension says a million rows (SheetJS would write every one of them).
    const bytes = rezipped(bytesOf(workbookOf(templateTabs({ ICMP: [VALID.ICMP] }))), (name, content) =>
      name === 'xl/worksheets/sheet1.xml' ? Buffer.from(content.toString('utf8').replace(/<dimension ref="[^"]+"/, '<dimension ref="A1:O1000000"')) : content,
    );
    expect(refusal(bytes)).toBe('Tab ICMP reaches row 1,000,000; at most 10,000 rows can be imported (delete the rows below your data)');
  });

  it('10,000 rows are read; 10,001 over two tabs are refused', () => {
    const many = (count: number, prefix: string): RowCells[] => Array.from({ length: count }, (_, index) => ({ ...VALID.ICMP, domain: `${prefix}${index}.example.com` }));
    const allowed = readImportFile(bytesOf(workbookOf(templateTabs({ ICMP: many(6_000, 'a'), TCP: many(4_000, 'b') }))), 'tasks.xlsx');
    expect(allowed.rows).toHaveLength(10_000);
    expect(allowed.rows.at(-1)).toMatchObject({ sheet: 'TCP', row: 4_001 });
    expect(refusal(bytesOf(workbookOf(templateTabs({ ICMP: many(6_000, 'a'), TCP: many(4_001, 'b') }))))).toBe(
      'The file has more than 10,000 rows to import; split it into several files',
    );
  });

  it('a range of more than 400,000 cells is refused', () => {
    const tabs = templateTabs({ ICMP: [VALID.ICMP] });
    const far: (string | number)[][] = Array.from({ length: 600 }, () => []);
    far[599] = [];
    (far[599] as (string | number)[])[799] = 'x';
    tabs[1] = { name: 'TCP', rows: [...(tabs[1]?.rows ?? []), ...far] };
    expect(refusal(bytesOf(workbookOf(tabs)))).toBe('The file has more than 400,000 cells; split it into several files');
  });
});

const lookups: ImportLookups = {
  nodeIdOf: () => 1,
  ipGroupIdOf: () => undefined,
  nodeNameOf: () => 'Local',
  ipGroupNameOf: () => undefined,
  resolveNode: () => ({ found: 1 }),
  resolveIpGroup: () => ({ missing: 'unknown' }),
};

describe('hostile texts', () => {
  it('__proto__ or constructor as a header is a wrong header, never a key; as cell text it is plain text', () => {
    const tabs = templateTabs({ ICMP: [{ ...VALID.ICMP, name: '__proto__', domainGroup: 'constructor', tags: '__proto__\nconstructor\nprototype' }] });
    const header = tabs[0]?.rows[0] ?? [];
    const polluted = tabs.map((tab) => ({ ...tab, rows: tab.rows.map((row) => [...row]) }));
    if (polluted[0]?.rows[0]) polluted[0].rows[0][0] = '__proto__';
    expect(refusal(bytesOf(workbookOf(polluted)))).toBe('Tab ICMP, column 1: expected “Name”');
    if (polluted[0]?.rows[0]) polluted[0].rows[0][0] = header[0] ?? '';
    if (polluted[1]?.rows[0]) polluted[1].rows[0][2] = 'constructor';
    expect(refusal(bytesOf(workbookOf(polluted)))).toBe('Tab TCP, column 3: expected “Port”');

    const { rows } = readImportFile(bytesOf(workbookOf([...tabs, { name: '__proto__', rows: [['__proto__'], ['constructor']] }])), 'tasks.xlsx');
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(Object.getPrototypeOf(row?.cells)).toBe(Object.prototype);
    expect(row?.cells.name).toBe('__proto__');
    expect(rowToTaskInput(row as never, lookups)).toMatchObject({ ok: true, input: { name: '__proto__', domainGroup: 'constructor', tags: ['__proto__', 'constructor', 'prototype'] } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('formulas are never evaluated: their cached value is read; text starting with = + - @ stays text and is written back as string cells', () => {
    const tabs = templateTabs({
      ICMP: [
        { ...VALID.ICMP, name: '=1+1' },
        { ...VALID.ICMP, name: '+cmd|\' /C calc\'!A0', domain: 'b.example.com' },
        { ...VALID.ICMP, name: '-2+3', domain: 'c.example.com' },
        { ...VALID.ICMP, name: '@SUM(A1:A2)', domain: 'd.example.com' },
        { ...VALID.ICMP, domain: 'e.example.com' },
        { ...VALID.ICMP, domain: 'f.example.com' },
      ],
    });
    const workbook = workbookOf(tabs);
    const icmp = workbook.Sheets.ICMP as XLSX.WorkSheet;
    icmp.A6 = { t: 's', v: 'cached link', f: 'HYPERLINK("http://evil.example/","cached link")' };
    icmp.A7 = { t: 'n', v: 2, f: '1+1' };
    const { rows } = readImportFile(bytesOf(workbook), 'tasks.xlsx');
    expect(rows.map((row) => row.cells.name)).toEqual(['=1+1', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A2)', 'cached link', '2']);

    const failed = rows.map((row) => failedRowOf({ ...row, cells: { ...row.cells, domain: row.cells.name } }, { errcode: 2125 }, 'en'));
    const written = cellsOf(writeFailedRows(failed, 'en', Date.UTC(2026, 10, 26)).bytes);
    const domains = written.slice(1).map((cells) => cells[2]);
    expect(domains.map((cell) => [cell?.t, cell?.v, cell?.f])).toEqual(rows.map((row) => ['s', row.cells.name, undefined]));
  });
});
