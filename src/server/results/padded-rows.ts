import type { Db } from '../db/connection.js';
import { rawQuery, valuesPlaceholders } from '../db/sql-dialect.js';

/*
 * A batch's rows of one table in one statement: `insert into … select … from (values …)`, the
 * VALUES list padded with rows of nulls (filtered out by the select) up to a power of two, so a
 * table has a handful of statement texts whatever the batch's size, and the connection prepares
 * each once. The casts give PostgreSQL the types of its untyped parameters; in SQLite the same
 * type names give the same affinities, so the text is one for both engines.
 */

export type ColumnType = 'bigint' | 'double precision' | 'text';
export type ColumnList = readonly { name: string; type: ColumnType }[];

export interface RowsStatement {
  /** Names the statement in the text cache (one per table and form). */
  key: string;
  /** `table (column, …)`. */
  target: string;
  /** Each row's values, in order; the first is never null in a real row. */
  inputs: ColumnList;
  /** The select list over the inputs' names (default: the inputs, in order). */
  outputs?: string;
  /** `on conflict …`, or '' for a plain insert. */
  conflict: string;
}

const SMALLEST_ROWS = 8;
/** Stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters a statement. */
const MAX_PARAMETERS = 30_000;

const texts = new Map<string, string>();

function paddedRowCount(rows: number): number {
  let size = SMALLEST_ROWS;
  while (size < rows) size *= 2;
  return size;
}

function textOf(statement: RowsStatement, rowCount: number): string {
  const key = `${statement.key}:${rowCount}`;
  let text = texts.get(key);
  if (text !== undefined) return text;
  const casts = statement.inputs.map(({ name, type }, index) => `cast(column${index + 1} as ${type}) as ${name}`);
  const outputs = statement.outputs ?? statement.inputs.map(({ name }) => name).join(', ');
  const values = `(values ${valuesPlaceholders(statement.inputs.length, rowCount)}) as v`;
  // The where clause also keeps SQLite from reading the upsert's `on` as a join constraint.
  text = `insert into ${statement.target} select ${outputs} from (select ${casts.join(', ')} from ${values}) as r where r.${statement.inputs[0]?.name} is not null ${statement.conflict}`;
  texts.set(key, text);
  return text;
}

/** Writes `rows` (one array of values per row, in the order of `statement.inputs`), in as few statements as the parameter limit allows. */
export async function writeRows(db: Db, statement: RowsStatement, rows: readonly (readonly unknown[])[]): Promise<void> {
  const width = statement.inputs.length;
  const maxRows = 2 ** Math.floor(Math.log2(MAX_PARAMETERS / width));
  for (let start = 0; start < rows.length; start += maxRows) {
    const chunk = rows.slice(start, start + maxRows);
    const rowCount = paddedRowCount(chunk.length);
    const params: unknown[] = [];
    for (const row of chunk) params.push(...row);
    for (let padding = params.length; padding < rowCount * width; padding += 1) params.push(null);
    await db.executeQuery(rawQuery(db, textOf(statement, rowCount), params));
  }
}
