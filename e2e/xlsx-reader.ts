import { inflateRawSync } from 'node:zlib';

/**
 * Reads an xlsx file the way a spreadsheet program starts: the zip's central directory, then the
 * parts it names (stored or deflated), then the first sheet's rows as text.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

function endOfDirectoryOffset(zip: Buffer): number {
  for (let offset = zip.length - 22; offset >= Math.max(0, zip.length - 22 - 0xffff); offset--) {
    if (zip.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  }
  throw new Error('not a zip file: no end of central directory');
}

function entryData(zip: Buffer, localOffset: number, method: number, compressedSize: number): Buffer {
  if (zip.readUInt32LE(localOffset) !== LOCAL_HEADER) throw new Error('zip: broken local header');
  const nameLength = zip.readUInt16LE(localOffset + 26);
  const extraLength = zip.readUInt16LE(localOffset + 28);
  const start = localOffset + 30 + nameLength + extraLength;
  const raw = zip.subarray(start, start + compressedSize);
  if (method === 0) return raw;
  if (method === 8) return inflateRawSync(raw);
  throw new Error(`zip: unsupported compression method ${method}`);
}

/** Every part of the zip by its path. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = endOfDirectoryOffset(zip);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const parts = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw new Error('zip: broken central directory');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    parts.set(name, entryData(zip, localOffset, method, compressedSize));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });
}

function sharedStringsOf(parts: Map<string, Buffer>): string[] {
  const xml = parts.get('xl/sharedStrings.xml')?.toString('utf8');
  if (!xml) return [];
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) =>
    [...(match[1] ?? '').matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((text) => unescapeXml(text[1] ?? '')).join(''),
  );
}

function cellText(cell: string, shared: readonly string[]): string {
  const type = /^<c[^>]*\bt="([^"]+)"/.exec(cell)?.[1];
  if (type === 'inlineStr') return [...cell.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((text) => unescapeXml(text[1] ?? '')).join('');
  const value = /<v>([\s\S]*?)<\/v>/.exec(cell)?.[1] ?? '';
  if (type === 's') return shared[Number(value)] ?? '';
  return unescapeXml(value);
}

/** The first sheet as rows of cell texts (cells in document order; the writer leaves no gaps in a row). */
export function firstSheetRows(xlsx: Buffer): string[][] {
  const parts = readZip(xlsx);
  const sheet = parts.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!sheet) throw new Error('xlsx: no xl/worksheets/sheet1.xml');
  const shared = sharedStringsOf(parts);
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<c\b[^>]*?(?:\/>|>[\s\S]*?<\/c>)/g)].map((cell) => cellText(cell[0], shared)),
  );
}
