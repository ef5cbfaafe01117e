/**
 * A minimal xlsx writer: one worksheet of text and number cells, written as inline strings (no
 * shared-strings table, no styles) into a STORED (uncompressed) zip. That is all a spreadsheet
 * needs to open an exported list, and it keeps the console free of a spreadsheet library.
 * Loaded on demand (the export button imports it), never with the console.
 */

export type XlsxCell = string | number | null | undefined;

export interface XlsxSheet {
  /** Up to 31 characters; characters a sheet name may not hold become spaces. */
  name: string;
  rows: readonly (readonly XlsxCell[])[];
  /** Keep the first row in view while scrolling (a header row). */
  freezeHeader?: boolean;
}

export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell holds at most this many characters (the spreadsheet format's own limit). */
const CELL_TEXT_MAX = 32_767;
const SHEET_NAME_MAX = 31;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zip uses it). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// Characters XML 1.0 does not allow, even escaped (controls other than tab, line feed, return;
// lone surrogates; U+FFFE and U+FFFF).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Column letters of a zero-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

function cellXml(value: XlsxCell, ref: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  }
  const textValue = xmlText(value.slice(0, CELL_TEXT_MAX));
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${textValue}</t></is></c>`;
}

function rowXml(row: readonly XlsxCell[], rowIndex: number): string {
  const number = rowIndex + 1;
  const cells = row.map((value, column) => cellXml(value, `${columnName(column)}${number}`)).join('');
  return `<row r="${number}">${cells}</row>`;
}

/** Column widths from the longest text in each column (in characters, within 8-60). */
function colsXml(rows: XlsxSheet['rows']): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((value, column) => {
      const length = value === null || value === undefined ? 0 : String(value).length;
      widths[column] = Math.max(widths[column] ?? 0, length);
    });
  }
  if (widths.length === 0) return '';
  const cols = widths.map((width, column) => {
    const chars = Math.min(60, Math.max(8, width + 2));
    return `<col min="${column + 1}" max="${column + 1}" width="${chars}" customWidth="1"/>`;
  });
  return `<cols>${cols.join('')}</cols>`;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export function sheetXml(sheet: XlsxSheet): string {
  const frozen = sheet.freezeHeader
    ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
    : '';
  const rows = sheet.rows.map(rowXml).join('');
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}">${frozen}${colsXml(sheet.rows)}<sheetData>${rows}</sheetData></worksheet>`;
}

export function safeSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').replace(NOT_XML, '').trim().slice(0, SHEET_NAME_MAX);
  return cleaned === '' ? 'Sheet1' : cleaned;
}

function packageFiles(sheet: XlsxSheet): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
        `<sheet name="${xmlText(safeSheetName(sheet.name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ],
    ['xl/worksheets/sheet1.xml', sheetXml(sheet)],
  ];
}

/** MS-DOS time and date words of a local time (zip's format; 2-second steps, from 1980). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, date.getFullYear()));
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

interface ZipEntry {
  name: Uint8Array;
  data: Uint8Array;
  crc: number;
  offset: number;
}

const UTF8_NAMES = 0x0800;
const STORED = 0;
const VERSION = 20;

function localHeader(entry: ZipEntry, stamp: { time: number; date: number }): Uint8Array {
  const header = new Uint8Array(30 + entry.name.length);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x04034b50, true);
  view.setUint16(4, VERSION, true);
  view.setUint16(6, UTF8_NAMES, true);
  view.setUint16(8, STORED, true);
  view.setUint16(10, stamp.time, true);
  view.setUint16(12, stamp.date, true);
  view.setUint32(14, entry.crc, true);
  view.setUint32(18, entry.data.length, true);
  view.setUint32(22, entry.data.length, true);
  view.setUint16(26, entry.name.length, true);
  view.setUint16(28, 0, true);
  header.set(entry.name, 30);
  return header;
}

function centralHeader(entry: ZipEntry, stamp: { time: number; date: number }): Uint8Array {
  const header = new Uint8Array(46 + entry.name.length);
  const view = new DataView(header.buffer);
  view.setUint32(0, 0x02014b50, true);
  view.setUint16(4, VERSION, true);
  view.setUint16(6, VERSION, true);
  view.setUint16(8, UTF8_NAMES, true);
  view.setUint16(10, STORED, true);
  view.setUint16(12, stamp.time, true);
  view.setUint16(14, stamp.date, true);
  view.setUint32(16, entry.crc, true);
  view.setUint32(20, entry.data.length, true);
  view.setUint32(24, entry.data.length, true);
  view.setUint16(28, entry.name.length, true);
  // Extra field, comment, disk number, internal and external attributes: all 0.
  view.setUint32(42, entry.offset, true);
  header.set(entry.name, 46);
  return header;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Uint8Array {
  const record = new Uint8Array(22);
  const view = new DataView(record.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, count, true);
  view.setUint16(10, count, true);
  view.setUint32(12, size, true);
  view.setUint32(16, offset, true);
  return record;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A STORED zip of these files (names and contents as UTF-8). */
export function zipStored(files: readonly [string, string][], modified: Date = new Date()): Uint8Array {
  const encoder = new TextEncoder();
  const stamp = dosDateTime(modified);
  const parts: Uint8Array[] = [];
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const data = encoder.encode(content);
    const entry: ZipEntry = { name: encoder.encode(name), data, crc: crc32(data), offset };
    const header = localHeader(entry, stamp);
    parts.push(header, data);
    entries.push(entry);
    offset += header.length + data.length;
  }
  const central = entries.map((entry) => centralHeader(entry, stamp));
  const centralSize = central.reduce((total, part) => total + part.length, 0);
  return concat([...parts, ...central, endOfCentralDirectory(entries.length, centralSize, offset)]);
}

/** The bytes of an xlsx workbook holding the one sheet. */
export function buildXlsx(sheet: XlsxSheet, modified: Date = new Date()): Uint8Array {
  return zipStored(packageFiles(sheet), modified);
}
