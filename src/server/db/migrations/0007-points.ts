import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * Contract points (src/shared/points.ts). Each task records the points it holds (charged_points:
 * what its last change charged, 0 for tasks written before this migration or without points), so
 * a change moves exactly the difference and a delete gives back exactly what was charged. Every
 * movement of a contract's used points is a point_transactions row, written in the same database
 * transaction as the task change: points is the signed change of used points (a charge positive,
 * a give-back negative), balance_after the contract's remaining points after it.
 */

async function addChargedPoints(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('charged_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

async function createPointTransactions(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('point_transactions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    // No foreign key: the log outlives whatever happens to task rows.
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('create','update','delete')`))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The transaction log screen reads one customer's rows, newest first.
  await db.schema.createIndex('point_transactions_cust').on('point_transactions').columns(['cust_id', 'id']).execute();
  await db.schema.createIndex('point_transactions_task').on('point_transactions').column('task_id').execute();
}

export const points: Migration = {
  async up(db: AnyDb) {
    await addChargedPoints(db);
    await createPointTransactions(db);
  },
};
