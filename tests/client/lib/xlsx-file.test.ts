import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { xlsxFileOf } from '../../../src/client/lib/xlsx-file.js';

describe('xlsxFileOf', () => {
  it('writes the named sheets in order, whose text cells stay text, never formulas, and numbers stay numbers', async () => {
    const bytes = await xlsxFileOf([
      { name: 'ICMP', rows: [['Name']] },
      {
        name: 'TCP',
        rows: [
          ['Name', 'Tags', 'Frequency'],
          ['=HYPERLINK("http://evil.example","x")', '+eu\n-1\n@SUM(A1)', 5],
          ['-2', null, '007'],
        ],
      },
    ]);
    const book = XLSX.read(bytes, { type: 'array' });
    expect(book.SheetNames).toEqual(['ICMP', 'TCP']);
    const sheet = book.Sheets.TCP;
    if (!sheet) throw new Error('no TCP sheet');
    expect(Object.values(sheet).some((cell) => typeof cell === 'object' && cell !== null && 'f' in cell)).toBe(false);
    expect([sheet.A2?.t, sheet.B2?.t, sheet.C2?.t, sheet.A3?.t, sheet.C3?.t]).toEqual(['s', 's', 'n', 's', 's']);
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null })).toEqual([
      ['Name', 'Tags', 'Frequency'],
      ['=HYPERLINK("http://evil.example","x")', '+eu\n-1\n@SUM(A1)', 5],
      ['-2', null, '007'],
    ]);
  });

  it('makes a sheet name the format refuses into one it takes', async () => {
    const book = XLSX.read(await xlsxFileOf([{ name: 'Tasks: a/b [x]?', rows: [['a']] }]), { type: 'array' });
    expect(book.SheetNames).toEqual(['Tasks  a b  x  ']);
  });
});
