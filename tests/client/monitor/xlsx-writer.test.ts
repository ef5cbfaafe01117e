import { describe, expect, it } from 'vitest';
import { buildXlsx, columnName, crc32, safeSheetName, zipStored } from '../../../src/client/lib/xlsx-writer.js';

// A tiny zip reader written from the format (APPNOTE 4.3), independent of the writer: it walks
// the central directory from the end record, checks each local header against it, and checks every
// entry's CRC-32 with a bit-by-bit computation (no table) so a table error in the writer shows.

function bitwiseCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

interface ZipFile {
  name: string;
  text: string;
  method: number;
  flags: number;
}

function readZip(bytes: Uint8Array): ZipFile[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  const centralSize = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  expect(at + centralSize).toBe(end);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files: ZipFile[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    expect(view.getUint32(local + 14, true)).toBe(crc);
    expect(decoder.decode(bytes.subarray(local + 30, local + 30 + view.getUint16(local + 26, true)))).toBe(name);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataStart, dataStart + compressed);
    expect(compressed).toBe(size);
    expect(bitwiseCrc32(data), name).toBe(crc);
    files.push({ name, text: decoder.decode(data), method, flags });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** The sheet's cells as rows of values, read back from sheet1.xml with a DOM-free reading of its rows. */
function readCells(sheetXml: string): Map<string, string | number> {
  const cells = new Map<string, string | number>();
  for (const match of sheetXml.matchAll(/<c r="([A-Z]+\d+)"( t="inlineStr")?>(.*?)<\/c>/gs)) {
    const [, ref = '', inline, inner = ''] = match;
    if (inline) {
      const text = /<is><t xml:space="preserve">(.*?)<\/t><\/is>/s.exec(inner)?.[1] ?? '';
      cells.set(ref, text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    } else {
      cells.set(ref, Number(/<v>(.*?)<\/v>/.exec(inner)?.[1]));
    }
  }
  return cells;
}

describe('crc32', () => {
  it('gives the standard check values', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(crc32(encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
    expect(crc32(encode('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });
});

describe('columnName', () => {
  it('counts A-Z, then AA', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('zipStored', () => {
  it('writes a zip that an independent reader opens, stored, with UTF-8 names', () => {
    const files = readZip(zipStored([['a.txt', 'hello'], ['目錄/b.xml', '<x>監控</x>'], ['empty', '']]));
    expect(files.map(({ name, text }) => [name, text])).toEqual([
      ['a.txt', 'hello'],
      ['目錄/b.xml', '<x>監控</x>'],
      ['empty', ''],
    ]);
    expect(files.every((file) => file.method === 0 && (file.flags & 0x0800) !== 0)).toBe(true);
  });
});

describe('buildXlsx', () => {
  const rows = [
    ['Name', 'Domain', 'Availability %', 'Note'],
    ['Shop <main> & "co"', 'shop.example.com:8443/health', 99.5, null],
    ['監控 任務', '192.0.2.1', 0, 'line one\nline two'],
    ['Control\u0001chars', '', 12_345, '=1+2'],
  ];
  const files = readZip(buildXlsx({ name: 'Tasks: http/list', rows, freezeHeader: true }, new Date(2026, 10, 22, 9, 30)));
  const byName = new Map(files.map((file) => [file.name, file.text]));

  it('holds the parts of a workbook with one worksheet', () => {
    expect([...byName.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(byName.get('[Content_Types].xml')).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(byName.get('_rels/.rels')).toContain('Target="xl/workbook.xml"');
    expect(byName.get('xl/_rels/workbook.xml.rels')).toContain('Target="worksheets/sheet1.xml"');
    // Sheet names may not hold : / \ ? * [ ].
    expect(byName.get('xl/workbook.xml')).toContain('<sheet name="Tasks  http list" sheetId="1" r:id="rId1"/>');
  });

  it('reads back every cell: text as inline strings, numbers as numbers, blanks left out', () => {
    const cells = readCells(byName.get('xl/worksheets/sheet1.xml') ?? '');
    expect(cells.get('A1')).toBe('Name');
    expect(cells.get('D1')).toBe('Note');
    expect(cells.get('A2')).toBe('Shop <main> & "co"');
    expect(cells.get('B2')).toBe('shop.example.com:8443/health');
    expect(cells.get('C2')).toBe(99.5);
    expect(cells.has('D2')).toBe(false);
    expect(cells.get('A3')).toBe('監控 任務');
    expect(cells.get('C3')).toBe(0);
    expect(cells.get('D3')).toBe('line one\nline two');
    // Characters XML cannot carry are dropped; text that looks like a formula stays text.
    expect(cells.get('A4')).toBe('Controlchars');
    expect(cells.has('B4')).toBe(false);
    expect(cells.get('D4')).toBe('=1+2');
    expect(cells.size).toBe(14);
  });

  it('keeps the header row in view and sizes the columns', () => {
    const sheet = byName.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('state="frozen"');
    expect(sheet).toMatch(/<col min="2" max="2" width="30" customWidth="1"\/>/);
    expect(sheet.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>')).toBe(true);
  });
});

describe('safeSheetName', () => {
  it('keeps names within 31 characters and falls back when nothing is left', () => {
    expect(safeSheetName('x'.repeat(40))).toHaveLength(31);
    expect(safeSheetName('[]')).toBe('Sheet1');
  });
});
