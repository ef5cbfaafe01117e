import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * What several instances on one database must agree on without configuration (issue 14):
 * - server_secrets: generated secrets (platform secret, VAPID key pair), written once by whichever
 *   instance starts first and read by the rest, instead of one file per data dir;
 * - api_key_rates: each API key's rate as one GCRA time (the moment its bucket would be full
 *   again), moved by one statement per call, so the limit holds across instances;
 * - node_assignments by task: publishing a task reads its active nodes, and deleting a task
 *   cascades to its assignments; both filter on task_id, which the (node_id, task_id) key cannot serve.
 */
export const sharedInstanceState: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('api_key_rates')
      .addColumn('key_id', 'integer', (c) => c.primaryKey().references('api_keys.id').onDelete('cascade'))
      .addColumn('full_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('node_assignments_task').on('node_assignments').columns(['task_id', 'active']).execute();
  },
};
