// The store behind the load reads figure: the load bench's 10,000 one-minute HTTP tasks of one
// customer (500 on each of 20 nodes, created through the task service), with a per-task minute
// rollup for every minute of the last three hours and the hour after, the hour and day sums over
// them, raw results in the minutes a "last hour" read takes at its edges and a latest state per task;
// on SQLite (a temp file) or on a throw-away PostgreSQL cluster. The rows are filled in SQL in one
// statement per table, as many as a store of such tasks holds, not replayed through ingest.
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
  /** A whole hour: minute rollups cover [end - 3 h, end + 1 h); the clocks asked stand in the hour after it. */
  end: number;
  /** The app's clocks the figure will read at: raw results fill the minute of each and an hour before. */
  clocks: readonly number[];
}

export interface ReadsStore {
  db: Db;
  env: Record<string, string>;
  custId: number;
  account: string;
  close(): Promise<void>;
}

/** Rows of every task (join tasks t) at each bucket of the series `buckets` (b): one statement. */
async function fillTaskMinutes(db: Db, custId: number, from: number, to: number): Promise<void> {
  await sql`insert into rollup_task_minute (bucket_start, task_id, count, successes, latency_count, latency_sum)
    with recursive buckets(b) as (select ${sql.lit(from)} union all select b + ${sql.lit(MINUTE_MS)} from buckets where b + ${sql.lit(MINUTE_MS)} < ${sql.lit(to)})
    select b, t.id, 1, case when (t.id * 7 + b / 60000) % 53 = 0 then 0 else 1 end, case when (t.id * 7 + b / 60000) % 53 = 0 then 0 else 1 end, 20 + (t.id + b / 60000) % 60
    from buckets, tasks t where t.cust_id = ${custId}`.execute(db);
  await sql`insert into rollup_task_hour (bucket_start, task_id, count, successes, latency_count, latency_sum)
    select bucket_start - (bucket_start % ${sql.lit(HOUR_MS)}), task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
    from rollup_task_minute group by bucket_start - (bucket_start % ${sql.lit(HOUR_MS)}), task_id`.execute(db);
  await sql`insert into rollup_task_day (bucket_start, task_id, count, successes, latency_count, latency_sum)
    select bucket_start - (bucket_start % 86400000), task_id, sum(count), sum(successes), sum(latency_count), sum(latency_sum)
    from rollup_task_hour group by bucket_start - (bucket_start % 86400000), task_id`.execute(db);
}

/** One raw result per task in each minute given, and each task's latest state. */
async function fillRawEdges(db: Db, custId: number, nodeId: number, minutes: readonly number[]): Promise<void> {
  for (const [index, minute] of [...new Set(minutes)].entries()) {
    // Ingest numbers results itself (no sequence on PostgreSQL's partitioned table): so does the fill.
    await sql`insert into results (id, task_id, node_id, ts, type, ok, latency_ms, status_code, details)
      select ${sql.lit((index + 1) * 10_000_000)} + id, id, ${nodeId}, ${sql.lit(minute)} + (id * 7919) % 60000, ${MONITOR_TYPES.HTTP}, 1, 40, 200, '{}' from tasks where cust_id = ${custId}`.execute(db);
  }
  const last = Math.max(...minutes);
  await sql`insert into latest_results (task_id, node_id, ts, ok, latency_ms, result_id)
    select id, ${nodeId}, ${sql.lit(last)}, 1, 40, id from tasks where cust_id = ${custId}`.execute(db);
}

async function openEngine(plan: ReadsStorePlan, dir: string): Promise<{ env: Record<string, string>; cluster?: PostgresCluster }> {
  const env = { VIGIL_DATA_DIR: dir, VIGIL_CLIENT_DIR: join(dir, 'none'), VIGIL_SEED_PASSWORD: READS_PASSWORD, VIGIL_MAX_SESSIONS: '1000' };
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
    progress(`load.reads (${plan.engine}): filling four hours of per-task rollups and the edges' raw results`);
    await fillTaskMinutes(db, custId, plan.end - 3 * HOUR_MS, plan.end + HOUR_MS);
    const edges = plan.clocks.flatMap((clock) => [clock, clock - HOUR_MS].map((time) => Math.floor(time / MINUTE_MS) * MINUTE_MS));
    await fillRawEdges(db, custId, nodeIds[0] ?? 0, edges);
    if (plan.engine === 'postgres') await sql`analyze`.execute(db);
    return { db, env, custId, account: seeded.customer.account, close };
  } catch (error) {
    await close();
    throw error;
  }
}
