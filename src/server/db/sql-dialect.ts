/*
 * The SQL text that differs between database engines, kept here so the rest of the server speaks
 * Kysely or standard SQL. SQLite (better-sqlite3) takes positional `?` parameters; PostgreSQL would
 * number them ($1, $2, …) and this is the one place to change.
 */

/** `(?,?,…),(?,?,…)…`: the VALUES list of a multi-row insert of rowCount rows of columnCount values. */
export function valuesPlaceholders(columnCount: number, rowCount: number): string {
  const row = `(${new Array<string>(columnCount).fill('?').join(',')})`;
  return new Array<string>(rowCount).fill(row).join(',');
}
