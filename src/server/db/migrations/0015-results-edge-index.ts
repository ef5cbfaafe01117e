import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * Raw results by minute, then task: a range read takes the partial minutes at its edges from raw
 * results (everything inside comes from rollups), so it seeks (minute, task) and reads only that
 * task's checks of that minute, with every column it sums in the index. Minute-first, a batch
 * still writes into the current minutes' pages only, as the time index and rollup_minute do, rather
 * than one page per task. Readers must write the expression exactly as `ts / 60000`.
 */
export const resultsEdgeIndex: Migration = {
  async up(db: AnyDb) {
    await sql`create index results_minute_task on results ((ts / 60000), task_id, ts, node_id, ok, latency_ms)`.execute(db);
  },
};
