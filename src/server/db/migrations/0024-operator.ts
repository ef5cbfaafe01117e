import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * The operator's verbs (platform calls, `npm run admin`):
 * - point_transactions takes rows that belong to no task (an operator's top-up):
 *   task_id becomes nullable and kind loses its CHECK, since the kinds are one list in
 *   src/shared/points.ts (POINT_TRANSACTION_KINDS) and SQLite cannot alter a CHECK. SQLite cannot
 *   alter a column either, so the table is rebuilt: a new table, every row copied with its id,
 *   the old one dropped, the new one renamed, the indexes made again. No table references it.
 * - sessions.end_code: why a session was ended for its holder (2005 suspended, 2006 privilege
 *   deactivated), so its next call says so instead of a bare 401.
 * - platform_audit: every platform mutation, who made it, on what and how it ended.
 */

async function rebuildPointTransactions(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('point_transactions_new')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    // No foreign key: the log outlives whatever happens to task rows. Null: no task (top-ups).
    .addColumn('task_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`insert into point_transactions_new (id, cust_id, contract_id, task_id, kind, points, balance_after, created_at, note)
    select id, cust_id, contract_id, task_id, kind, points, balance_after, created_at, note from point_transactions`.execute(db);
  await db.schema.dropTable('point_transactions').execute();
  await db.schema.alterTable('point_transactions_new').renameTo('point_transactions').execute();
  await db.schema.createIndex('point_transactions_cust').on('point_transactions').columns(['cust_id', 'id']).execute();
  await db.schema.createIndex('point_transactions_task').on('point_transactions').column('task_id').execute();
}

async function createPlatformAudit(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('platform_audit')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('call_path', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('platform_audit_time').on('platform_audit').columns(['created_at', 'id']).execute();
}

export const operator: Migration = {
  async up(db: AnyDb) {
    await rebuildPointTransactions(db);
    await db.schema.alterTable('sessions').addColumn('end_code', 'integer').execute();
    await createPlatformAudit(db);
  },
};
