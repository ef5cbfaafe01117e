import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/connection.js';
import { poolUsageOf } from '../db/pool-usage.js';
import { readerStatsOf } from '../db/reader.js';
import { readQueueDepths } from './queue-depths.js';
import { checkpointMetrics } from './sqlite-checkpoints.js';

/**
 * The server's metrics on a registry of its own (tests and the bench run several apps in one
 * process). Modules record through the methods below, one line each; gauges that need the
 * database are read when scraped (`refresh`), never per request.
 */
export interface Metrics {
  /** An agent's results batch was answered: results it carried, results stored, and whether it was a resend. */
  ingestBatch(sent: number, accepted: number, duplicate: boolean): void;
  /** A call of the call table was answered (its name, the HTTP status, the time taken in ms). */
  callAnswered(call: string, status: number, elapsedMs: number): void;
  /** Reads the database-backed gauges; called by the scrape before it renders. */
  refresh(): Promise<void>;
  /** Node's own process metrics (CPU, memory, event loop); turned on only when /metrics is served. */
  collectProcessMetrics(): void;
  readonly registry: Registry;
}

const CALL_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const BATCH_SIZE_BUCKETS = [1, 10, 50, 100, 250, 500, 1000, 2500, 5000];
/** Coarser than prom-client's 10 ms: the event-loop monitor wakes the process at this interval. */
const EVENT_LOOP_PRECISION_MS = 100;

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

function ingestMetrics(registry: Registry) {
  const registers = [registry];
  return {
    batches: new Counter({ name: 'vigil_ingest_batches_total', help: 'Result batches answered, resends of a stored batch included', labelNames: ['duplicate'], registers }),
    results: new Counter({ name: 'vigil_ingest_results_total', help: 'Check results stored (a resent batch adds none)', registers }),
    batchSize: new Histogram({ name: 'vigil_ingest_batch_results', help: 'Results per batch as sent by the agent', buckets: BATCH_SIZE_BUCKETS, registers }),
  };
}

function callMetrics(registry: Registry) {
  const registers = [registry];
  return {
    seconds: new Histogram({ name: 'vigil_api_call_duration_seconds', help: 'Time to answer a call of the call table, by call name', labelNames: ['call'], buckets: CALL_SECONDS_BUCKETS, registers }),
    refusals: new Counter({ name: 'vigil_api_call_refusals_total', help: 'Calls answered with a 4xx or 5xx status, by call name and status class', labelNames: ['call', 'class'], registers }),
  };
}

function gauge(registry: Registry, name: string, help: string, labelNames: string[] = []): Gauge {
  return new Gauge({ name, help, labelNames, registers: [registry] });
}

function queueGauges(registry: Registry) {
  return {
    agentsOnline: gauge(registry, 'vigil_agents_online', 'Nodes whose agent was heard from within the last 5 heartbeat intervals'),
    deployBacklog: gauge(registry, 'vigil_deploy_backlog', 'Deployments waiting for the node to acknowledge the task version'),
    outboxPending: gauge(registry, 'vigil_alert_outbox_pending', 'Alert messages not yet delivered'),
    jobs: gauge(registry, 'vigil_on_demand_jobs', 'On-demand jobs (MTR) queued for a node or taken and not answered', ['state']),
    imports: gauge(registry, 'vigil_import_jobs_processing', 'Bulk imports running'),
    importRows: gauge(registry, 'vigil_import_rows_waiting', 'Rows the running imports have still to read'),
    pool: gauge(registry, 'vigil_db_connections', 'Database connections: max, open, in use, and callers waiting for one', ['engine', 'state']),
    readers: gauge(registry, 'vigil_sqlite_reader_queue', 'SQLite reader threads: threads, statements in flight, callers waiting for a thread', ['state']),
    readerBusy: new Counter({ name: 'vigil_sqlite_reader_busy_seconds_total', help: 'Time the SQLite reader threads spent running statements', registers: [registry] }),
    readerRestarts: new Counter({ name: 'vigil_sqlite_reader_restarts_total', help: 'SQLite reader threads that ended unasked and were replaced', registers: [registry] }),
  };
}

/** The reader threads' running totals as last scraped, to add only what came since to the counters. */
interface ReaderTotals {
  busyMs: number;
  restarts: number;
}

function refreshPool(db: Db, gauges: ReturnType<typeof queueGauges>, scraped: ReaderTotals): void {
  const pool = poolUsageOf(db);
  if (pool !== undefined) {
    const states = { max: pool.max, open: pool.open, in_use: pool.inUse, waiting: pool.waiting };
    for (const [state, value] of Object.entries(states)) gauges.pool.set({ engine: pool.engine, state }, value);
  }
  const readers = readerStatsOf(db);
  if (readers === undefined) return;
  const states = { threads: readers.threads, in_flight: readers.inFlight, waiting: readers.waiting };
  for (const [state, value] of Object.entries(states)) gauges.readers.set({ state }, value);
  gauges.readerBusy.inc((readers.busyMs - scraped.busyMs) / 1000);
  gauges.readerRestarts.inc(readers.restarts - scraped.restarts);
  Object.assign(scraped, { busyMs: readers.busyMs, restarts: readers.restarts });
}

export function createMetrics(db: Db, now: () => number): Metrics {
  const registry = new Registry();
  const ingest = ingestMetrics(registry);
  const calls = callMetrics(registry);
  const gauges = queueGauges(registry);
  let processMetrics = false;
  const readerTotals: ReaderTotals = { busyMs: 0, restarts: 0 };
  const refreshCheckpoints = checkpointMetrics(registry, db);
  return {
    registry,
    ingestBatch(sent, accepted, duplicate) {
      ingest.batches.inc({ duplicate: String(duplicate) });
      if (!duplicate) ingest.results.inc(accepted);
      ingest.batchSize.observe(sent);
    },
    callAnswered(call, status, elapsedMs) {
      calls.seconds.observe({ call }, elapsedMs / 1000);
      if (status >= 400) calls.refusals.inc({ call, class: statusClass(status) });
    },
    async refresh() {
      const depths = await readQueueDepths(db, now());
      gauges.agentsOnline.set(depths.agentsOnline);
      gauges.deployBacklog.set(depths.deployBacklog);
      gauges.outboxPending.set(depths.outboxPending);
      gauges.jobs.set({ state: 'queued' }, depths.jobsQueued);
      gauges.jobs.set({ state: 'taken' }, depths.jobsTaken);
      gauges.imports.set(depths.importsProcessing);
      gauges.importRows.set(depths.importRowsWaiting);
      refreshPool(db, gauges, readerTotals);
      refreshCheckpoints();
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_PRECISION_MS });
    },
  };
}
