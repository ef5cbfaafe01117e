import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * Counters that never go backwards (result ids: retention may empty `results`, but the latest state
 * must never point at a reused id), and the indexes pruning of jobs and deployments reads by.
 */
export const storeCounters: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('store_counters')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
    // Start past every id ever handed out that is still referenced, whatever retention removed.
    const newest = await db.selectFrom('results').select(({ fn }) => fn.max('id').as('id')).executeTakeFirst();
    const pointed = await db.selectFrom('latest_results').select(({ fn }) => fn.max('result_id').as('id')).executeTakeFirst();
    const value = Math.max(Number(newest?.id ?? 0), Number(pointed?.id ?? 0));
    await db.insertInto('store_counters').values({ name: 'result_id', value }).execute();
    await db.schema.createIndex('agent_jobs_cust_state').on('agent_jobs').columns(['cust_id', 'state']).execute();
    await db.schema.createIndex('agent_jobs_created').on('agent_jobs').column('created_at').execute();
    await db.schema.createIndex('deployments_updated').on('deployments').column('updated_at').execute();
  },
};
