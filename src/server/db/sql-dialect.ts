/*
 * The SQL text that differs between database engines, kept here so the rest of the server speaks
 * Kysely or standard SQL. Statements written by hand use SQLite's positional `?` parameters;
 * `rawQuery` numbers them ($1, $2, …) for PostgreSQL.
 */
import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import { engineOf, type Engine } from './engine.js';

/** `(?,?,…),(?,?,…)…`: the VALUES list of a multi-row insert of rowCount rows of columnCount values. */
export function valuesPlaceholders(columnCount: number, rowCount: number): string {
  const row = `(${new Array<string>(columnCount).fill('?').join(',')})`;
  return new Array<string>(rowCount).fill(row).join(',');
}

const numberedTexts = new Map<string, string>();
const NUMBERED_TEXTS_MAX = 500;

/** The text with its `?` parameters numbered; the hand-written texts hold no `?` inside a literal. */
function numbered(text: string): string {
  let result = numberedTexts.get(text);
  if (result !== undefined) return result;
  let index = 0;
  result = text.replace(/\?/g, () => `$${++index}`);
  if (numberedTexts.size >= NUMBERED_TEXTS_MAX) numberedTexts.clear();
  numberedTexts.set(text, result);
  return result;
}

/** A hand-written statement with `?` parameters, as the connection's engine reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function rawQuery(db: Kysely<any>, text: string, params: readonly unknown[]): CompiledQuery {
  return CompiledQuery.raw(engineOf(db) === 'postgres' ? numbered(text) : text, [...params]);
}

/** `select value from …`: the integers of a JSON array parameter (one statement text whatever their number). */
export function jsonIntegers(engine: Engine, param = '?'): string {
  return engine === 'postgres'
    ? `select value::bigint as value from json_array_elements_text(cast(${param} as json))`
    : `select value from json_each(${param})`;
}

/** `select first, second from …`: the integer pairs of a JSON array of two-element arrays parameter. */
export function jsonIntegerPairs(engine: Engine, param = '?'): string {
  return engine === 'postgres'
    ? `select (value ->> 0)::bigint, (value ->> 1)::bigint from json_array_elements(cast(${param} as json))`
    : `select value ->> 0, value ->> 1 from json_each(${param})`;
}

/** The larger of two values (SQLite's two-argument max(), PostgreSQL's greatest()). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function greatestOf<T>(db: Kysely<any>, a: RawBuilder<T> | ReturnType<typeof sql.raw>, b: RawBuilder<T> | ReturnType<typeof sql.raw>): RawBuilder<T> {
  return engineOf(db) === 'postgres' ? sql<T>`greatest(${a}, ${b})` : sql<T>`max(${a}, ${b})`;
}

/**
 * The JSON text at `path` (`$.a.b`) of a JSON text column, or null; the same expression must be
 * used where an index was built on it.
 */
export function jsonText(engine: Engine, column: string, path: string): string {
  if (engine === 'sqlite') return `json_extract(${column}, '${path}')`;
  const keys = path.replace(/^\$\./, '').split('.').map((key) => `'${key}'`);
  return `(${column})::json #>> array[${keys.join(',')}]`;
}

/**
 * A transaction whose statements all read one snapshot. SQLite's always do (one connection, writers
 * wait); PostgreSQL's default read committed would let a batch that commits between two statements
 * be seen by the second only, so a sum read in pieces could count a check in one piece and not in
 * the one subtracted from it. Read-only work there never fails on repeatable read.
 */
export function snapshotTransaction<DB>(db: Kysely<DB>) {
  return engineOf(db) === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
}
