import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * On-demand jobs (MTR) for one node, asked for by a customer and taken by the node's agent through
 * its long poll; and the count of results agents had to drop from their spools.
 */
export const agentJobs: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('agent_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('node_id', 'integer', (c) => c.notNull())
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued','taken','done','expired')`))
      .addColumn('result', 'text')
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('taken_at', 'integer')
      .addColumn('done_at', 'integer')
      .execute();
    await db.schema.createIndex('agent_jobs_node_state').on('agent_jobs').columns(['node_id', 'state', 'created_at']).execute();
    await db.schema
      .alterTable('nodes')
      .addColumn('results_dropped', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
