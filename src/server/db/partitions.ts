/*
 * Range partitions by time, on PostgreSQL only (migration 0026 made the tables); on SQLite every
 * verb here does nothing and retention deletes rows. Partitions are named <parent>_p<start ms>.
 */
import { sql } from 'kysely';
import type { Db } from './connection.js';
import { engineOf } from './engine.js';

export const PARTITION_DEFAULT_SUFFIX = '_default';

/** A range-partitioned table: its time column (epoch ms) and how much time one partition holds. */
export interface RangePartitioned {
  parent: string;
  key: 'ts' | 'bucket_start';
  spanMs: number;
}

export interface RangePartition {
  name: string;
  from: number;
  to: number;
}

const BOUNDS = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/;

/** The parent's range partitions (its default partition left out), oldest first. */
export async function rangePartitionsOf(db: Db, parent: string): Promise<RangePartition[]> {
  if (engineOf(db) !== 'postgres') return [];
  const { rows } = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${parent})`.execute(db);
  const partitions: RangePartition[] = [];
  for (const row of rows) {
    const match = BOUNDS.exec(row.bound);
    if (match) partitions.push({ name: row.name, from: Number(match[1]), to: Number(match[2]) });
  }
  return partitions.sort((a, b) => a.from - b.from);
}

async function defaultHoldsRows(db: Db, table: RangePartitioned, from: number, to: number): Promise<boolean> {
  const { rows } = await sql`select 1 from ${sql.id(table.parent + PARTITION_DEFAULT_SUFFIX)} where ${sql.ref(table.key)} >= ${from} and ${sql.ref(table.key)} < ${to} limit 1`.execute(db);
  return rows.length > 0;
}

/**
 * Makes the partitions of the spans from the one holding `now` up to `until`, after the newest one
 * there is. A span whose rows already went to the default partition (the server was down) is left
 * to it: such a partition cannot be made, and retention deletes those rows. Several instances may
 * run this at once: a transaction-scoped advisory lock per parent makes them take turns.
 */
export async function addRangePartitions(db: Db, table: RangePartitioned, now: number, until: number): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  const { parent, spanMs } = table;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`partitions:${parent}`}))`.execute(trx);
    const newest = (await rangePartitionsOf(trx, parent)).at(-1)?.to;
    let from = Math.max(Math.floor(now / spanMs) * spanMs, newest ?? -Infinity);
    while (from < until) {
      const to = Math.floor(from / spanMs) * spanMs + spanMs;
      if (!(await defaultHoldsRows(trx, table, from, to))) {
        await sql`create table ${sql.id(`${parent}_p${from}`)} partition of ${sql.id(parent)} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
      }
      from = to;
    }
  });
}

/** Drops the partitions that end at or before the cutoff and answers how many rows went with them. */
export async function dropRangePartitionsBefore(db: Db, parent: string, cutoff: number): Promise<number> {
  const expired = (await rangePartitionsOf(db, parent)).filter((partition) => partition.to <= cutoff);
  let rows = 0;
  for (const partition of expired) {
    const counted = await sql<{ rows: number }>`select count(*) as rows from ${sql.id(partition.name)}`.execute(db);
    rows += counted.rows[0]?.rows ?? 0;
    await sql`drop table ${sql.id(partition.name)}`.execute(db);
  }
  return rows;
}
