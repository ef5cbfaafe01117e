import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * Alerts: rules and their tasks, each customer's settings and chats, the evaluation state per
 * (rule, task), incidents, the alert log, and the outbox of chat messages (written in the same
 * transaction as the log entry it tells, sent by the delivery worker).
 */
export const alerts: Migration = {
  async up(db: AnyDb) {
    await createRuleTables(db);
    await createSettingTables(db);
    await createEvaluationTables(db);
    await createLogTables(db);
  },
};

async function createRuleTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('monitor_type', 'integer', (c) => c.notNull())
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('sensitivity', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'real')
    .addColumn('ssl_days', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cooldown_minutes', 'integer', (c) => c.notNull())
    .addColumn('enable', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_rules_cust_name').on('alert_rules').columns(['cust_id', 'name']).unique().execute();
  await db.schema.createIndex('alert_rules_cust_type').on('alert_rules').columns(['cust_id', 'monitor_type', 'id']).execute();
  await db.schema
    .createTable('alert_rule_tasks')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('cust_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_rule_tasks_pk', ['rule_id', 'task_id'])
    .execute();
  await db.schema.createIndex('alert_rule_tasks_task').on('alert_rule_tasks').columns(['task_id', 'rule_id']).execute();
}

async function createSettingTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('alert_settings')
    .addColumn('cust_id', 'integer', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alert_chats')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('delivery', 'text', (c) => c.notNull().defaultTo('ok'))
    .addColumn('delivery_changed_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_chats_cust_chat').on('alert_chats').columns(['cust_id', 'chat_id']).unique().execute();
}

async function createEvaluationTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('alert_states')
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('cust_id', 'integer', (c) => c.notNull())
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('incident_id', 'integer')
    .addColumn('last_round_start', 'integer')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('alert_states_pk', ['rule_id', 'task_id'])
    .execute();
  await db.schema
    .createTable('alert_incidents')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('task_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('started_at', 'integer', (c) => c.notNull())
    .addColumn('ended_at', 'integer')
    .addColumn('last_sent_at', 'integer')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('alert_incidents_open').on('alert_incidents').columns(['rule_id', 'task_id', 'ended_at']).execute();
}

async function createLogTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('alert_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'integer')
    .addColumn('rule_name', 'text')
    .addColumn('task_id', 'integer')
    .addColumn('task_name', 'text')
    .addColumn('incident_id', 'integer')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('nodes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('verdict', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_log_cust_time').on('alert_log').columns(['cust_id', 'created_at']).execute();
  await db.schema.createIndex('alert_log_rule_time').on('alert_log').columns(['cust_id', 'rule_id', 'created_at']).execute();
  await db.schema.createIndex('alert_log_task_time').on('alert_log').columns(['cust_id', 'task_id', 'created_at']).execute();
  await db.schema
    .createTable('alert_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull())
    .addColumn('log_id', 'integer', (c) => c.notNull())
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'integer')
    .addColumn('provider_message_id', 'text')
    .execute();
  await db.schema.createIndex('alert_outbox_due').on('alert_outbox').columns(['state', 'next_attempt_at', 'id']).execute();
  await db.schema.createIndex('alert_outbox_log').on('alert_outbox').columns(['log_id']).execute();
}
