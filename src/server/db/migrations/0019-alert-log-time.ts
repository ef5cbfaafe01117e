import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/** Pruning finds alert log entries and ended incidents past retention by time, across customers. */
export const alertLogTime: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('alert_log_time').on('alert_log').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('alert_incidents_ended').on('alert_incidents').columns(['ended_at']).execute();
  },
};
