// Fills the rollup tables the task detail reads, directly with multi-row inserts in each table's key
// order (as years of ingest would leave them, without replaying every result): hour rollups and their
// task-first copy for every (task, node, hour) of the period, minute rollups for the last days, and
// the latest state per (task, node). Every series checks once a minute; about 2 % of checks fail and
// latencies spread 20-80 ms with a tail. The histogram columns, which these reads never touch, stay 0
// (a zero costs the same room in a row as any small count). The figures are not those of real
// results, but the rows are as many and as wide as a store of one-minute tasks holds.
import { CompiledQuery } from 'kysely';
import type { Db } from '../../src/server/db/connection.js';
import { valuesPlaceholders } from '../../src/server/db/sql-dialect.js';
import { HOUR_MS, MINUTE_MS } from '../../src/server/results/index.js';
import { seededRandom } from './probes-scale/results.js';
import { progress } from './report.js';

export interface DetailFillPlan {
  taskIds: readonly number[];
  nodeIds: readonly number[];
  /** The newest bucket ends here (a whole hour, epoch ms). */
  end: number;
  hourDays: number;
  minuteDays: number;
}

const ROWS_PER_STATEMENT = 500;
const ROLLUP_COLUMNS = ['task_id', 'node_id', 'bucket_start', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max'];
const BY_TASK_COLUMNS = ['task_id', 'bucket_start', 'node_id', 'count', 'successes', 'latency_count', 'latency_sum', 'latency_min', 'latency_max'];
const LATEST_COLUMNS = ['task_id', 'node_id', 'ts', 'ok', 'latency_ms', 'status_code', 'failure_source', 'failure_code', 'ip_matched', 'result_id'];

type Row = unknown[];

/** Buffers rows of one table and writes them ROWS_PER_STATEMENT at a time. */
class TableWriter {
  private rows: Row[] = [];
  written = 0;
  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {}

  async add(row: Row): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= ROWS_PER_STATEMENT) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const text = `insert into ${this.table} (${this.columns.join(',')}) values ${valuesPlaceholders(this.columns.length, this.rows.length)}`;
    await this.db.executeQuery(CompiledQuery.raw(text, this.rows.flat()));
    this.written += this.rows.length;
    this.rows = [];
  }
}

/** Figures of `checks` one-minute checks: successes, latency sum, min and max. */
function bucketFigures(random: () => number, checks: number): [number, number, number, number, number, number] {
  let successes = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (let check = 0; check < checks; check += 1) {
    if (random() < 0.02) continue;
    const base = 20 + random() * 60;
    const latency = random() < 0.05 ? base * (2 + random() * 8) : base;
    successes += 1;
    sum += latency;
    min = Math.min(min, latency);
    max = Math.max(max, latency);
  }
  return successes === 0 ? [checks, 0, 0, 0, Number.NaN, Number.NaN] : [checks, successes, successes, sum, min, max];
}

const nullable = (value: number) => (Number.isNaN(value) ? null : value);

async function inTransactions(db: Db, label: string, steps: number, write: (trx: Db, step: number) => Promise<void>): Promise<void> {
  let reported = 0;
  for (let step = 0; step < steps; step += 1) {
    await db.transaction().execute((trx) => write(trx, step));
    if ((step + 1) / steps >= reported + 0.25) {
      reported = (step + 1) / steps;
      progress(`tasks.detail: ${label} ${Math.round(reported * 100)} %`);
    }
  }
}

/** rollup_hour (time-first) and rollup_hour_by_task (task-first), each written in its key order. */
async function fillHours(db: Db, plan: DetailFillPlan): Promise<void> {
  const hours = plan.hourDays * 24;
  const first = plan.end - hours * HOUR_MS;
  await inTransactions(db, 'hour rollups', hours, async (trx, hour) => {
    const writer = new TableWriter(trx, 'rollup_hour', ROLLUP_COLUMNS);
    const random = seededRandom(hour + 1);
    const bucket = first + hour * HOUR_MS;
    for (const taskId of plan.taskIds) {
      for (const nodeId of plan.nodeIds) {
        const [count, successes, latencyCount, sum, min, max] = bucketFigures(random, 60);
        await writer.add([taskId, nodeId, bucket, count, successes, latencyCount, sum, nullable(min), nullable(max)]);
      }
    }
    await writer.flush();
  });
  await inTransactions(db, 'hour rollups by task', plan.taskIds.length, async (trx, index) => {
    const taskId = plan.taskIds[index] ?? 0;
    const writer = new TableWriter(trx, 'rollup_hour_by_task', BY_TASK_COLUMNS);
    const random = seededRandom(taskId);
    for (let hour = 0; hour < hours; hour += 1) {
      for (const nodeId of plan.nodeIds) {
        const [count, successes, latencyCount, sum, min, max] = bucketFigures(random, 60);
        await writer.add([taskId, first + hour * HOUR_MS, nodeId, count, successes, latencyCount, sum, nullable(min), nullable(max)]);
      }
    }
    await writer.flush();
  });
}

/** rollup_minute for the last minuteDays, one transaction per hour of buckets. */
async function fillMinutes(db: Db, plan: DetailFillPlan): Promise<void> {
  const hours = plan.minuteDays * 24;
  const first = plan.end - hours * HOUR_MS;
  await inTransactions(db, 'minute rollups', hours, async (trx, hour) => {
    const writer = new TableWriter(trx, 'rollup_minute', ROLLUP_COLUMNS);
    const random = seededRandom(100_000 + hour);
    for (let minute = 0; minute < 60; minute += 1) {
      const bucket = first + hour * HOUR_MS + minute * MINUTE_MS;
      for (const taskId of plan.taskIds) {
        for (const nodeId of plan.nodeIds) {
          const [count, successes, latencyCount, sum, min, max] = bucketFigures(random, 1);
          await writer.add([taskId, nodeId, bucket, count, successes, latencyCount, sum, nullable(min), nullable(max)]);
        }
      }
    }
    await writer.flush();
  });
}

async function fillLatest(db: Db, plan: DetailFillPlan): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const writer = new TableWriter(trx, 'latest_results', LATEST_COLUMNS);
    let resultId = 0;
    for (const taskId of plan.taskIds) {
      for (const nodeId of plan.nodeIds) {
        resultId += 1;
        await writer.add([taskId, nodeId, plan.end - MINUTE_MS, 1, 42.5, null, null, null, null, resultId]);
      }
    }
    await writer.flush();
  });
}

/** Answers how many rollup rows were written. */
export async function fillDetailRollups(db: Db, plan: DetailFillPlan): Promise<number> {
  const series = plan.taskIds.length * plan.nodeIds.length;
  progress(
    `tasks.detail: writing ${(series * plan.hourDays * 24 * 2).toLocaleString('en')} hour rollup rows and ` +
      `${(series * plan.minuteDays * 1440).toLocaleString('en')} minute rollup rows`,
  );
  await fillHours(db, plan);
  await fillMinutes(db, plan);
  await fillLatest(db, plan);
  return series * (plan.hourDays * 48 + plan.minuteDays * 1440);
}

const RAW_COLUMNS = ['id', 'task_id', 'node_id', 'ts', 'type', 'ok', 'latency_ms', 'status_code', 'failure_source', 'failure_code', 'ip_matched', 'details'];

/** A stored HTTP result's JSON, as wide as a real one. */
const rawDetails = (ts: number, latency: number) =>
  JSON.stringify({
    type: 3, ok: true, startedAt: new Date(ts).toISOString(), durationMs: latency, failure: null, resolvedIps: ['192.0.2.20'], ipMatched: null,
    details: {
      ip: '192.0.2.20', statusCode: 200, timings: { dnsMs: 1.5, connectMs: 2.5, tlsMs: null, ttfbMs: latency - 1, totalMs: latency },
      bodyBytes: 5120, redirects: 0, finalUrl: 'http://site.example.com/health', certificate: null, tlsAuthorized: null, tlsAuthorizationError: null,
    },
  });

/**
 * Raw results of every series in the given minutes, one check each: what a range read takes at its
 * ragged edges (everything inside comes from rollups), so the bench pays for those reads as a store
 * full of raw results would make it.
 */
export async function fillEdgeResults(db: Db, plan: Pick<DetailFillPlan, 'taskIds' | 'nodeIds'> & { minutes: readonly number[] }): Promise<void> {
  const minutes = [...new Set(plan.minutes)];
  progress(`tasks.detail: writing ${(minutes.length * plan.taskIds.length * plan.nodeIds.length).toLocaleString('en')} raw results in the ${minutes.length} minutes at the ranges' edges`);
  let id = 0;
  await inTransactions(db, 'raw results at the edges', minutes.length, async (trx, step) => {
    const writer = new TableWriter(trx, 'results', RAW_COLUMNS);
    const random = seededRandom(200_000 + step);
    const minute = minutes[step] ?? 0;
    for (const taskId of plan.taskIds) {
      for (const nodeId of plan.nodeIds) {
        const ts = minute + Math.floor(random() * MINUTE_MS);
        const latency = 20 + Math.floor(random() * 240) / 4;
        id += 1;
        await writer.add([id, taskId, nodeId, ts, 3, 1, latency, 200, null, null, null, rawDetails(ts, latency)]);
      }
    }
    await writer.flush();
  });
}
