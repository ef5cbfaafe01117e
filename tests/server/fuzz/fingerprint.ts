import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/connection.js';
import { engineOf } from '../../../src/server/db/engine.js';

/**
 * A checksum of every table's rows, to tell whether a refused request changed data. What a
 * refused request writes by design is left out, each with why:
 */
const TOUCHED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // Every authenticated session call counts as activity (the idle time runs from it), whatever its body.
  sessions: ['last_seen_at'],
  // A key's use is recorded when it is admitted (at most once a minute), before its body is read.
  api_keys: ['last_used_at'],
};
const WRITTEN_TABLES: Readonly<Record<string, string>> = {
  login_failures: 'a refused sign-in is counted (the lockout of spec §5)',
  platform_audit: 'every platform call that changes data is logged, done or refused',
  api_key_rates: "an API-key call takes from its key's rate when admitted (PostgreSQL), before its body is read",
};

export type Fingerprint = ReadonlyMap<string, string>;

async function tableNames(db: Db): Promise<string[]> {
  const query =
    engineOf(db) === 'postgres'
      ? // Partitions are read through their parent.
        sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition order by 1`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`;
  const { rows } = await query.execute(db);
  return rows.map((row) => row.name).filter((name) => WRITTEN_TABLES[name] === undefined);
}

/**
 * PostgreSQL sums every table in one query (a round trip per table cost the fuzz run most of its
 * time there): each row as JSON (touched columns dropped), hashed in order.
 */
async function postgresSums(db: Db, tables: readonly string[]): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  if (tables.length === 0) return sums;
  const parts = tables.map(
    (table) => sql`select cast(${table} as text) as name, count(*) as n, md5(string_agg(r, ',' order by r)) as h
      from (select (to_jsonb(t) - ${sql.val([...(TOUCHED_COLUMNS[table] ?? [])])}::text[])::text as r from ${sql.table(table)} t) s`,
  );
  const { rows } = await sql<{ name: string; n: number; h: string | null }>`${sql.join(parts, sql` union all `)}`.execute(db);
  for (const row of rows) sums.set(row.name, `${row.n}:${row.h ?? ''}`);
  return sums;
}

/** SQLite is in-process: reading the rows costs no round trip, so they are hashed here. */
async function sqliteSum(db: Db, table: string, skip: readonly string[]): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  const texts = rows.map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !skip.includes(column))));
  return createHash('sha256').update(texts.sort().join('\n')).digest('hex');
}

export async function fingerprint(db: Db): Promise<Fingerprint> {
  const tables = await tableNames(db);
  if (engineOf(db) === 'postgres') return postgresSums(db, tables);
  const sums = new Map<string, string>();
  for (const table of tables) sums.set(table, await sqliteSum(db, table, TOUCHED_COLUMNS[table] ?? []));
  return sums;
}

/** The tables whose rows differ. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}
