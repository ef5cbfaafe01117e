import { LANGUAGES } from '../../../shared/constants.js';
import { importColumnHeaderKey, type ImportColumnKey, type ImportSheet } from '../../../shared/import/template.js';
import { importText } from './texts.js';

/**
 * Header cells: a column's header may be written in any of the three languages or as the column
 * key, trimmed and compared without case. Header texts are only looked up in these sets, never
 * used as object keys.
 */

const normalised = (text: string) => text.trim().toLowerCase();

let accepted: Map<ImportColumnKey, Set<string>> | undefined;

function acceptedHeaders(key: ImportColumnKey): Set<string> {
  accepted ??= new Map();
  let texts = accepted.get(key);
  if (!texts) {
    texts = new Set([normalised(key), ...LANGUAGES.map((language) => normalised(importText(language, importColumnHeaderKey(key))))]);
    accepted.set(key, texts);
  }
  return texts;
}

export function isHeaderOf(key: ImportColumnKey, text: string): boolean {
  return acceptedHeaders(key).has(normalised(text));
}

/** The first column (0-based) whose header is not the tab's, with what was expected there; undefined when all match. */
export function headerMismatch(sheet: ImportSheet, headerCells: readonly string[]): { column: number; expected: ImportColumnKey | undefined } | undefined {
  const width = Math.max(sheet.columns.length, headerCells.length);
  for (let column = 0; column < width; column += 1) {
    const key = sheet.columns[column];
    const text = headerCells[column] ?? '';
    if (key === undefined) {
      if (text.trim() !== '') return { column, expected: undefined };
    } else if (!isHeaderOf(key, text)) {
      return { column, expected: key };
    }
  }
  return undefined;
}
