import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * When a node's agent last reported results its full spool had to drop: the nodes screen shows the
 * count with this time, so an operator can tell an old outage from a spool overflowing now.
 */
export const nodeResultsDroppedAt: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('nodes').addColumn('results_dropped_at', 'integer').execute();
  },
};
