import type { CellObject, WorkSheet } from 'xlsx';
import { IMPORT_LIMITS } from '../../../shared/import/template.js';

/**
 * A cell's text as an import reads it: formulas are never evaluated (their cached value is taken),
 * text is kept as written (also when it starts with =, +, - or @), trimmed, and cut one character
 * past the cell limit so an overlong cell is told (per row) without keeping all of it.
 */
export function cellText(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  let text: string;
  if (cell.t === 'e') text = cell.w ?? '';
  else if (cell.t === 'b') text = cell.v ? 'true' : 'false';
  else text = String(cell.v as string | number);
  return text.trim().slice(0, IMPORT_LIMITS.cellCharsMax + 1);
}

/** The texts of one row of a dense sheet, `width` cells from column A. */
export function rowTexts(sheet: WorkSheet, row: number, width: number): string[] {
  const cells = sheet['!data']?.[row] ?? [];
  const texts: string[] = [];
  for (let column = 0; column < width; column += 1) texts.push(cellText(cells[column]));
  return texts;
}
