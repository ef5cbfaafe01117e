import { IMPORT_FILE_EXTENSIONS } from '../../../shared/import/template.js';

/** What an upload is, by its name AND its content: xlsx is a zip, xls a CFB (OLE2) compound file. */
export type SpreadsheetKind = 'xlsx' | 'xls';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);

export function extensionKind(fileName: string): SpreadsheetKind | undefined {
  const lower = fileName.trim().toLowerCase();
  const extension = IMPORT_FILE_EXTENSIONS.find((candidate) => lower.endsWith(candidate));
  return extension === undefined ? undefined : extension === '.xlsx' ? 'xlsx' : 'xls';
}

/** Whether the bytes are what the name says (a PNG or text named .xlsx is not). */
export function contentMatches(bytes: Uint8Array, kind: SpreadsheetKind): boolean {
  return startsWith(bytes, kind === 'xlsx' ? ZIP_MAGIC : CFB_MAGIC);
}
