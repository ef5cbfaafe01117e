import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * Web push: each device's subscription (endpoint, keys, language) of a customer's user, and the
 * deployment rounds whose outcome was already published to the inbox (so each is told once).
 */
export const pushSubscriptions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('deployment_notices')
      .addColumn('task_id', 'integer', (c) => c.notNull())
      .addColumn('through_deployment_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('deployment_notices_pk', ['task_id', 'through_deployment_id'])
      .execute();
    await db.schema.createIndex('deployment_notices_created').on('deployment_notices').column('created_at').execute();
  },
};
