// The store behind the load reads figure: the load bench's 10,000 one-minute HTTP tasks of one
// customer (500 on each of 20 nodes, created through the task service), with a per-task minute
// rollup for every minute from three hours before the first clock up to the clock read at (none
// after it, as no check has started then), the ten-minute, hour and day sums over them as ingest
// adds them, raw results in the minutes a "last hour" read takes at its edges (up to the clock) and
// a latest state per task; on SQLite (a temp file) or on a throw-away PostgreSQL cluster. The rows
// are filled in SQL in one statement per table and step, as many as a store of such tasks holds,
// not replayed through ingest.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../../src/server/config.js';
import type { Db } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { openConfiguredDatabase } from '../../../src/server/db/open.js';
import { openPostgres } from '../../../src/server/db/postgres.js';
import { seedIfEmpty } from '../../../src/server/db/seed.js';
import { addResultPartitions } from '../../../src/server/results/partitioning.js';
import { DEFAULT_RETENTION_DAYS, HOUR_MS, MINUTE_MS } from '../../../src/server/results/index.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { startPostgresCluster, type PostgresCluster } from '../../postgres-cluster.js';
import { catalogueNodeIds, createTasks } from '../probes-scale/store.js';
import { progress } from '../report.js';

export const READS_PASSWORD = 'bench-pass-1';

export interface ReadsStorePlan {
  engine: 'sqlite' | 'postgres';
  nodes: number;
  tasksPerNode: number;
  /** A whole hour: minute rollups start at end - 3 h; the clocks asked stand in the hour after it. */
  end: number;
}

export interface ReadsStore {
  db: Db;
  /** Fills the rows a store holds at this clock (clocks in order, the first within the hour after `end`). */
  fillUntil(clock: number): Promise<void>;
  env: Record<string, string>;
  custId: number;
  account: string;
  close(): Promise<void>;
}

/** Every task's minute rows of [from, to) (join tasks t over the bucket series b): one statement. */
async function fillTaskMinutes(db: Db, custId: number, from: number, to: number): Promise<void> {
  await sql`insert into rollup_task_minute (bucket_start, task_id, count, successes, latency_count, latency_sum)
    with recursive buckets(b) as (select ${sql.lit(from)} union all select b + ${sql.lit(MINUTE_MS)} from buckets where b + ${sql.lit(MINUTE_MS)} < ${sql.lit(to)})
    select b, t.id, 1, case when (t.id * 7 + b / 60000) % 53 = 0 then 0 else 1 end, case when (t.id * 7 + b / 60000) % 53 = 0 then 0 else 1 end, 20 + (t.id + b / 60000) % 60
    from buckets, tasks t where t.cust_id = ${custId}`.execute(db);
}

/** Adds the minute rows of [from, to) to the coarser per-task sums, as ingest's upserts do. */
async function addToCoarserSums(db: Db, from: number, to: number): Promise<void> {
  for (const [table, stepMs] of [['rollup_task_ten_minute', 10 * MINUTE_MS], ['rollup_task_hour', HOUR_MS], ['rollup_task_day', 86_400_000]] as const) {
    const bucket = sql`bucket_start - (bucket_start % ${sql.lit(stepMs)})`;
    const sums = ['count', 'successes', 'latency_count', 'latency_sum'].map((column) => sql.raw(`${column} = ${table}.${column} + excluded.${column}`));
    await sql`insert into ${sql.table(table)} (bucket_start, task_id, count, successes, latency_count, latency_sum)
      select ${bucket}, task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
      from rollup_task_minute where bucket_start >= ${sql.lit(from)} and bucket_start < ${sql.lit(to)} group by ${bucket}, task_id
      on conflict (bucket_start, task_id) do update set ${sql.join(sums)}`.execute(db);
  }
}

/** One raw result per task in [minute, until) of each minute given (`until` at most a minute later). */
async function fillRawEdges(db: Db, custId: number, nodeId: number, edges: readonly { minute: number; until: number }[], firstId: number): Promise<void> {
  for (const [index, { minute, until }] of edges.entries()) {
    // Ingest numbers results itself (no sequence on PostgreSQL's partitioned table): so does the fill.
    await sql`insert into results (id, task_id, node_id, ts, type, ok, latency_ms, status_code, details)
      select ${sql.lit(firstId + index * 10_000_000)} + id, id, ${nodeId}, ${sql.lit(minute)} + (id * 7919) % ${sql.lit(until - minute)}, ${MONITOR_TYPES.HTTP}, 1, 40, 200, '{}'
      from tasks where cust_id = ${custId}`.execute(db);
  }
}

/**
 * Fills the store up to a clock (clocks asked in order): the minutes since the last clock, their
 * sums, and the raw results of the clock's minute up to it and of the minute an hour before.
 */
function filler(db: Db, plan: ReadsStorePlan, custId: number, nodeId: number): (clock: number) => Promise<void> {
  let filledTo = plan.end - 3 * HOUR_MS;
  let step = 0;
  return async (clock) => {
    const to = Math.floor(clock / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    await fillTaskMinutes(db, custId, filledTo, to);
    await addToCoarserSums(db, filledTo, to);
    const minute = to - MINUTE_MS;
    step += 1;
    await fillRawEdges(db, custId, nodeId, [{ minute, until: clock }, { minute: minute - HOUR_MS, until: minute - HOUR_MS + MINUTE_MS }], step * 100_000_000);
    filledTo = to;
    if (plan.engine === 'postgres') await sql`analyze`.execute(db);
  };
}

async function openEngine(plan: ReadsStorePlan, dir: string): Promise<{ env: Record<string, string>; cluster?: PostgresCluster }> {
  // VIGIL_SQLITE_READERS=0 in the bench's environment reads on the API's connection, to compare.
  const readers = process.env.VIGIL_SQLITE_READERS;
  const env = {
    VIGIL_DATA_DIR: dir,
    VIGIL_CLIENT_DIR: join(dir, 'none'),
    VIGIL_SEED_PASSWORD: READS_PASSWORD,
    VIGIL_MAX_SESSIONS: '1000',
    ...(readers === undefined ? {} : { VIGIL_SQLITE_READERS: readers }),
  };
  if (plan.engine === 'sqlite') return { env };
  const cluster = await startPostgresCluster();
  const admin = openPostgres({ url: cluster.urlOf('postgres'), poolMax: 1, statementTimeoutMs: 0 });
  await sql`create database vigil`.execute(admin);
  await admin.destroy();
  return { env: { ...env, VIGIL_DATABASE_URL: cluster.urlOf('vigil'), VIGIL_DATABASE_POOL_MAX: '10' }, cluster };
}

export async function openReadsStore(plan: ReadsStorePlan): Promise<ReadsStore> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-reads-'));
  const { env, cluster } = await openEngine(plan, dir);
  const db = openConfiguredDatabase(loadConfig(env));
  const close = async () => {
    await db.destroy();
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
    const seeded = await seedIfEmpty(db, loadConfig(env));
    if (!seeded) throw new Error('the bench store was not empty');
    const custId = seeded.customer.custId;
    await addResultPartitions(db, plan.end - 4 * HOUR_MS, DEFAULT_RETENTION_DAYS);
    const nodeIds = await catalogueNodeIds(db, plan.nodes);
    const total = plan.nodes * plan.tasksPerNode;
    progress(`load.reads (${plan.engine}): creating ${total} one-minute HTTP tasks`);
    await createTasks({ db, now: () => plan.end - 4 * HOUR_MS }, custId, total, (index) => ({
      type: MONITOR_TYPES.HTTP,
      name: `Load ${index}`,
      domain: '127.0.0.1',
      port: 8080,
      otherPath: '/ok',
      frequencyMinutes: 1,
      nodeIds: [nodeIds[index % nodeIds.length] ?? 0],
    }), 'load.reads');
    const nodeId = nodeIds[0] ?? 0;
    await sql`insert into latest_results (task_id, node_id, ts, ok, latency_ms, result_id)
      select id, ${nodeId}, ${sql.lit(plan.end)}, 1, 40, id from tasks where cust_id = ${custId}`.execute(db);
    return { db, env, custId, account: seeded.customer.account, fillUntil: filler(db, plan, custId, nodeId), close };
  } catch (error) {
    await close();
    throw error;
  }
}
