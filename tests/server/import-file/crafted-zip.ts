import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { zipEntries } from '../../../src/server/modules/import-file/zip-directory.js';

/** A zip written by hand, so a test can make one a spreadsheet app never would (sizes that lie, bombs). */
export interface CraftedEntry {
  name: string;
  /** The entry's content, deflated here. */
  content: Buffer;
  /** The uncompressed size the headers claim (default: the real one). */
  claimedBytes?: number;
}

function header(fields: [bytes: 2 | 4, value: number][]): Buffer {
  const buffer = Buffer.alloc(fields.reduce((sum, [bytes]) => sum + bytes, 0));
  let at = 0;
  for (const [bytes, value] of fields) {
    if (bytes === 2) buffer.writeUInt16LE(value, at);
    else buffer.writeUInt32LE(value >>> 0, at);
    at += bytes;
  }
  return buffer;
}

export function craftedZip(entries: readonly CraftedEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = deflateRawSync(entry.content);
    const crc = crc32(entry.content);
    const size = entry.claimedBytes ?? entry.content.length;
    const common: [2 | 4, number][] = [[2, 20], [2, 0], [2, 8], [2, 0], [2, 0], [4, crc], [4, data.length], [4, size], [2, name.length], [2, 0]];
    const local = Buffer.concat([header([[4, 0x04034b50], ...common]), name, data]);
    centrals.push(Buffer.concat([header([[4, 0x02014b50], [2, 20], ...common, [2, 0], [2, 0], [2, 0], [4, 0], [4, offset]]), name]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = header([[4, 0x06054b50], [2, 0], [2, 0], [2, entries.length], [2, entries.length], [4, directory.length], [4, offset], [2, 0]]);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** The parts of a minimal one-sheet workbook, with the sheet's XML given. */
export function workbookParts(sheetXml: Buffer): CraftedEntry[] {
  const text = (name: string, content: string): CraftedEntry => ({ name, content: Buffer.from(content) });
  return [
    text(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    text('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    text(
      'xl/workbook.xml',
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="ICMP" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    text('xl/_rels/workbook.xml.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml },
  ];
}

/** A sheet's XML whose data is followed by `padding` bytes of spaces (highly compressible). */
export function paddedSheetXml(padding: number): Buffer {
  const head = Buffer.from('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
  const tail = Buffer.from('</sheetData></worksheet>');
  return Buffer.concat([head, Buffer.alloc(padding, ' '), tail]);
}

/** An xlsx's parts unpacked, changed by `edit`, and packed again (honest sizes). */
export function rezipped(bytes: Uint8Array, edit: (name: string, content: Buffer) => Buffer): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = zipEntries(bytes).map((entry) => {
    const at = entry.localHeaderOffset;
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const raw = Buffer.from(bytes.subarray(start, start + entry.compressedBytes));
    const content = entry.method === 8 ? inflateRawSync(raw) : raw;
    return { name: entry.name, content: edit(entry.name, content) };
  });
  return craftedZip(parts);
}
