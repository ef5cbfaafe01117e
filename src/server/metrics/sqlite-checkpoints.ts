import { Counter, Gauge, type Registry } from 'prom-client';
import { checkpointerOf, type CheckpointStats } from '../db/checkpointer.js';
import type { Db } from '../db/connection.js';

type Totals = Pick<CheckpointStats, 'runs' | 'failures' | 'restarts' | 'busyMs'>;

/**
 * The SQLite checkpoint thread's figures (db/checkpointer.ts), beside the reader threads': whether
 * it runs, its checkpoints, their time and failures, and the WAL's size at the last one (what an
 * operator watches to see the file kept bounded). Nothing on PostgreSQL or `:memory:`.
 */
export function checkpointMetrics(registry: Registry, db: Db): () => void {
  const registers = [registry];
  const threads = new Gauge({ name: 'vigil_sqlite_checkpoint_threads', help: 'SQLite checkpoint threads running (0: the main connection checkpoints itself)', registers });
  const runs = new Counter({ name: 'vigil_sqlite_checkpoints_total', help: 'Passive WAL checkpoints the SQLite checkpoint thread ran', registers });
  const failures = new Counter({ name: 'vigil_sqlite_checkpoint_failures_total', help: 'SQLite checkpoints that failed and checkpoint threads that ended unasked', registers });
  const restarts = new Counter({ name: 'vigil_sqlite_checkpoint_restarts_total', help: 'SQLite checkpoint threads started again after one ended unasked', registers });
  const busy = new Counter({ name: 'vigil_sqlite_checkpoint_busy_seconds_total', help: 'Time the SQLite checkpoint thread spent in checkpoints', registers });
  const walPages = new Gauge({ name: 'vigil_sqlite_wal_pages', help: "The WAL's pages at the checkpoint thread's last look: in the WAL, and copied back into the database file", labelNames: ['state'], registers });
  const scraped: Totals = { runs: 0, failures: 0, restarts: 0, busyMs: 0 };
  return () => {
    const stats = checkpointerOf(db)?.stats;
    if (stats === undefined) return;
    threads.set(stats.threads);
    runs.inc(stats.runs - scraped.runs);
    failures.inc(stats.failures - scraped.failures);
    restarts.inc(stats.restarts - scraped.restarts);
    busy.inc((stats.busyMs - scraped.busyMs) / 1000);
    walPages.set({ state: 'in_wal' }, stats.walPages);
    walPages.set({ state: 'checkpointed' }, stats.checkpointedPages);
    Object.assign(scraped, { runs: stats.runs, failures: stats.failures, restarts: stats.restarts, busyMs: stats.busyMs });
  };
}
