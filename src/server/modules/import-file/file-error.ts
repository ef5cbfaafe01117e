import type { Language } from '../../../shared/constants.js';
import { AppError } from '../../http/app-error.js';
import { importText, type TextParams } from './texts.js';

/** A file that cannot be imported at all: 2104 with `import:file.<reason>` in the caller's language appended (§8). */
export function importFileError(language: Language, reason: string, params: TextParams = {}): AppError {
  return new AppError(2104, { message: importText(language, `import:file.${reason}`, params) });
}
