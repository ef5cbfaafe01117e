import { inflateRawSync } from 'node:zlib';

/**
 * A small reader of a zip's central directory (what an xlsx is): the declared sizes of its parts,
 * and each deflated part's real size, found by inflating it with the output capped, so a part
 * cannot expand beyond what the directory says (SheetJS inflates without a cap). Nothing is kept.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedBytes: number;
  uncompressedBytes: number;
  localHeaderOffset: number;
}

export type ZipRefusal = 'malformed' | 'tooLarge' | 'ratio';

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_BYTES = 22;
const COMMENT_MAX = 0xffff;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
/** An xlsx has a few dozen parts; thousands are a file made to cost time. */
const ENTRIES_MAX = 10_000;
const STORED = 0;
const DEFLATED = 8;

class ZipError extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(refusal);
  }
}

function endOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - EOCD_BYTES - COMMENT_MAX);
  for (let at = view.byteLength - EOCD_BYTES; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  throw new ZipError('malformed');
}

function entryAt(bytes: Uint8Array, view: DataView, at: number): { entry: ZipEntry; next: number } {
  if (at + CENTRAL_HEADER_BYTES > view.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw new ZipError('malformed');
  const nameBytes = view.getUint16(at + 28, true);
  const extraBytes = view.getUint16(at + 30, true);
  const commentBytes = view.getUint16(at + 32, true);
  const entry: ZipEntry = {
    name: Buffer.from(bytes.subarray(at + CENTRAL_HEADER_BYTES, at + CENTRAL_HEADER_BYTES + nameBytes)).toString('utf8'),
    method: view.getUint16(at + 10, true),
    compressedBytes: view.getUint32(at + 20, true),
    uncompressedBytes: view.getUint32(at + 24, true),
    localHeaderOffset: view.getUint32(at + 42, true),
  };
  return { entry, next: at + CENTRAL_HEADER_BYTES + nameBytes + extraBytes + commentBytes };
}

/** The directory's entries; ZIP64 (never needed under the upload limit) is refused as malformed. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.byteLength < EOCD_BYTES) throw new ZipError('malformed');
  const end = endOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff || count > ENTRIES_MAX) throw new ZipError('malformed');
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    const { entry, next } = entryAt(bytes, view, at);
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** Inflates one part with the output capped at its declared size: more, or a broken stream, refuses. */
function assertRealSize(bytes: Uint8Array, view: DataView, entry: ZipEntry): void {
  const at = entry.localHeaderOffset;
  if (at + LOCAL_HEADER_BYTES > view.byteLength || view.getUint32(at, true) !== LOCAL_SIGNATURE) throw new ZipError('malformed');
  const start = at + LOCAL_HEADER_BYTES + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (entry.method === STORED) {
    if (start + entry.uncompressedBytes > view.byteLength) throw new ZipError('malformed');
    return;
  }
  if (entry.method !== DEFLATED) throw new ZipError('malformed');
  let real: number;
  try {
    // Like SheetJS, from the part's start to the end of its deflate stream.
    real = inflateRawSync(bytes.subarray(start), { maxOutputLength: Math.max(1, entry.uncompressedBytes) }).byteLength;
  } catch {
    throw new ZipError('tooLarge');
  }
  if (real !== entry.uncompressedBytes) throw new ZipError('malformed');
}

export interface ZipBudget {
  unzippedBytesMax: number;
  ratioMax: number;
}

/**
 * Why an xlsx (zip) must not be opened, or undefined when it may: malformed, expanding beyond the
 * budget, or with a ratio of expanded to file size beyond it (a zip bomb).
 */
export function zipRefusal(bytes: Uint8Array, budget: ZipBudget): ZipRefusal | undefined {
  try {
    const entries = zipEntries(bytes);
    const total = entries.reduce((sum, entry) => sum + entry.uncompressedBytes, 0);
    if (total > budget.unzippedBytesMax) return 'tooLarge';
    if (total > budget.ratioMax * bytes.byteLength) return 'ratio';
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (const entry of entries) assertRealSize(bytes, view, entry);
    return undefined;
  } catch (error) {
    if (error instanceof ZipError) return error.refusal;
    throw error;
  }
}
