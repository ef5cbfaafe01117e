import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * On-demand MTR runs (/detect_mtr): one row per run and one per node of it, holding the node's
 * state and the hops so far (its agent job's progress, then its report). Kept 30 days.
 */
export const mtrRuns: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('mtr_runs')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mtr_runs_customer').on('mtr_runs').columns(['cust_id', 'created_at']).execute();
    await db.schema
      .createTable('mtr_run_nodes')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('mtr_runs.id').onDelete('cascade'))
      .addColumn('node_id', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('job_id', 'text')
      .addColumn('state', 'text', (c) =>
        c.notNull().check(sql`state in ('queued','running','done','failed','timed_out','offline','no_tool','private_refused')`),
      )
      .addColumn('ip', 'text')
      .addColumn('failure', 'text')
      .addColumn('hops', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('mtr_run_nodes_pk', ['run_id', 'node_id'])
      .execute();
    await db.schema.createIndex('mtr_run_nodes_job').on('mtr_run_nodes').column('job_id').unique().where(sql.ref('job_id'), 'is not', null).execute();
  },
};
