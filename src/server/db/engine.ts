import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Which engine a connection speaks; the few SQL texts that differ are chosen in src/server/db only. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
