import { IMPORT_FILE_EXTENSIONS, IMPORT_LIMITS } from '../../../shared/import/template.js';
import { numberText } from '../../lib/number-text.js';

/** What the console knows of a chosen file before sending it. */
export interface ChosenFile {
  name: string;
  size: number;
}

/**
 * Why a chosen file is not sent, with the inner catalogue code the server would answer for the same
 * field (§8: required, format, too large), so both sides say the same thing.
 */
export type ImportFileProblem =
  | { kind: 'required'; code: 10010002 }
  | { kind: 'extension'; code: 10010004; name: string }
  | { kind: 'tooLarge'; code: 10010005; sizeMb: string; maxMb: string };

/** The `accept` of the file chooser: the extensions an import reads. */
export const IMPORT_ACCEPT = IMPORT_FILE_EXTENSIONS.join(',');

const BYTES_PER_MB = 1024 * 1024;

/** Megabytes as the texts write them: at most one decimal, never "0" for a file that has bytes. */
export function megabytesText(bytes: number): string {
  const megabytes = bytes / BYTES_PER_MB;
  return numberText(bytes > 0 && megabytes < 0.1 ? 0.1 : megabytes, 1);
}

function hasImportExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return IMPORT_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** §5: a file must be chosen, an xlsx or xls one, within the upload's size cap; null when it may be sent. */
export function importFileProblem(file: ChosenFile | null): ImportFileProblem | null {
  if (file === null) return { kind: 'required', code: 10010002 };
  if (!hasImportExtension(file.name)) return { kind: 'extension', code: 10010004, name: file.name };
  if (file.size > IMPORT_LIMITS.fileBytes) {
    return { kind: 'tooLarge', code: 10010005, sizeMb: megabytesText(file.size), maxMb: megabytesText(IMPORT_LIMITS.fileBytes) };
  }
  return null;
}
