import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * API keys: a customer's keys, each acting with the privileges of the user who created it. Only the
 * SHA-256 of the secret is kept (unique: authentication finds the key by it) and its first
 * characters as a hint.
 */
export const apiKeys: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('last_used_at', 'integer')
      .addColumn('expires_at', 'integer')
      .addColumn('revoked_at', 'integer')
      .execute();
    await db.schema.createIndex('api_keys_customer').on('api_keys').columns(['cust_id', 'created_at']).execute();
  },
};
