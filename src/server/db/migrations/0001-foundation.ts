import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

async function createAccountTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tax_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active','suspended')`))
    .execute();
  await db.schema
    .createTable('contracts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('purchased_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('contracts_cust').on('contracts').column('cust_id').execute();
  await db.schema
    .createTable('privileges')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active','deactivated')`))
    .addColumn('tasks_privilege', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('privilege_id', 'integer', (c) => c.notNull().references('privileges.id'))
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active','suspended')`))
    .addColumn('max_sessions', 'integer')
    .execute();
  await db.schema.createIndex('users_cust').on('users').column('cust_id').execute();
  await db.schema
    .createTable('administrators')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active','suspended')`))
    .execute();
}

async function createSessionTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.references('administrators.id').onDelete('cascade'))
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('last_seen_at', 'integer', (c) => c.notNull())
    .addColumn('revoked_at', 'integer')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'revoked_at']).execute();
  await db.schema
    .createTable('sso_codes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('administrators.id').onDelete('cascade'))
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'integer')
    .execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'integer')
    .execute();
}

async function createInboxTable(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('inbox_items')
    .addColumn('sno', 'text', (c) => c.primaryKey())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().check(sql`status in (0,1,2)`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_user').on('inbox_items').columns(['cust_id', 'user_id', 'created_at']).execute();
}

/** Customers, contracts, privileges, users, administrators, sessions, SSO codes, throttling, inbox. */
export const foundation: Migration = {
  async up(db: AnyDb) {
    await createAccountTables(db);
    await createSessionTables(db);
    await createInboxTable(db);
  },
};
