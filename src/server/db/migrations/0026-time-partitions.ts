import { sql, type Migration } from 'kysely';
import { engineOf } from '../engine.js';
import { PARTITION_DEFAULT_SUFFIX } from '../partitions.js';
import type { AnyDb } from './any-db.js';

/** The rollup tables, each range-partitioned by bucket_start (their keys all hold it). */
const ROLLUP_TABLES = ['rollup_minute', 'rollup_task_minute', 'rollup_hour', 'rollup_hour_by_task', 'rollup_task_hour', 'rollup_task_day'];

/** Turns a rollup table into one range-partitioned by bucket_start with a default partition, its rows kept. */
export async function partitionRollups(db: AnyDb, table: string): Promise<void> {
  const old = `${table}_unpartitioned`;
  await sql`alter table ${sql.id(table)} rename to ${sql.id(old)}`.execute(db);
  await sql`create table ${sql.id(table)} (like ${sql.id(old)} including all) partition by range (bucket_start)`.execute(db);
  await sql`create table ${sql.id(table + PARTITION_DEFAULT_SUFFIX)} partition of ${sql.id(table)} default`.execute(db);
  await sql`insert into ${sql.id(table)} select * from ${sql.id(old)}`.execute(db);
  await sql`drop table ${sql.id(old)}`.execute(db);
}

/*
 * Results are kept for two times (traceroute snapshots longer than other checks): listed first by
 * kind, so each kind's own day or week partitions go whole at its own cutoff. A partitioned table's
 * primary key must hold its partition keys: results keep a plain index on id (the latest state and
 * retention find rows by id; SQLite's rowid needs none).
 */
async function partitionResults(db: AnyDb): Promise<void> {
  await sql`alter table results rename to results_unpartitioned`.execute(db);
  await sql`create table results (like results_unpartitioned including defaults) partition by list ((type = 6))`.execute(db);
  for (const [kind, isTrace] of [['results_trace', true], ['results_checks', false]] as const) {
    await sql`create table ${sql.id(kind)} partition of results for values in (${sql.lit(isTrace)}) partition by range (ts)`.execute(db);
    await sql`create table ${sql.id(kind + PARTITION_DEFAULT_SUFFIX)} partition of ${sql.id(kind)} default`.execute(db);
  }
  await sql`insert into results select * from results_unpartitioned`.execute(db);
  await sql`drop table results_unpartitioned`.execute(db);
  await sql`create index results_id on results (id)`.execute(db);
  await sql`create index results_ts on results (ts)`.execute(db);
  await sql`create index results_traceroute on results (task_id, node_id, ts) where type = 6`.execute(db);
  await sql`create index results_failed on results (task_id, ts) where ok = 0`.execute(db);
  await sql`create index results_minute_task on results ((ts / 60000), task_id, ts, node_id, ok, latency_ms)`.execute(db);
}

/**
 * On PostgreSQL, check results and rollups become partitioned by time (declarative partitioning)
 * so retention drops whole partitions (results/partitioning.ts makes them ahead and drops them);
 * a default partition of each takes any row no partition covers. SQLite keeps its tables.
 */
export const timePartitions: Migration = {
  async up(db: AnyDb) {
    if (engineOf(db) !== 'postgres') return;
    await partitionResults(db);
    for (const table of ROLLUP_TABLES) await partitionRollups(db, table);
  },
};
