import { sql, type RawBuilder } from 'kysely';
import { AppError } from '../../http/app-error.js';
import { isUniqueViolation } from '../../db/errors.js';

/** Code of a name another group of the same kind already has (the catalogue has no narrower one). */
export const NAME_TAKEN = 2014;

export type SortOrder = 'asc' | 'desc';
export type GroupSortField = 'name' | 'createdAt' | 'updatedAt';

export interface PageQuery {
  keyword: string;
  sortBy: GroupSortField;
  sortOrder: SortOrder;
  limit: number;
  offset: number;
}

export const SORT_COLUMNS = { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' } as const;

/**
 * `column LIKE '%keyword%'` with the keyword's own % and _ taken literally, ASCII letters in any
 * case: lower() on both sides, since PostgreSQL's LIKE minds case where SQLite's does not.
 */
export function containsText(column: string, keyword: string): RawBuilder<boolean> {
  const pattern = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

/** Runs a write that may collide with an existing name; a collision answers NAME_TAKEN. */
export async function nameMustBeFree<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(NAME_TAKEN);
    throw error;
  }
}

/** Each value once, first occurrence first. */
export function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
