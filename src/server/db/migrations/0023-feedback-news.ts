import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * Feedback users send and the operator's replies (each reply's `read_at` is when the author saw
 * it), and news: an item, its texts per language, and who opened it.
 */
async function createFeedback(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // The task as named when sent: a later rename or delete leaves what the user wrote about.
    .addColumn('task_id', 'integer')
    .addColumn('task_type', 'integer')
    .addColumn('task_name', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_user').on('feedback').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('feedback_customer').on('feedback').columns(['cust_id', 'created_at']).execute();
  await db.schema
    .createTable('feedback_replies')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'integer')
    .execute();
  await db.schema.createIndex('feedback_replies_feedback').on('feedback_replies').columns(['feedback_id', 'created_at']).execute();
}

async function createNews(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('news')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('published_at', 'integer', (c) => c.notNull())
    .addColumn('withdrawn_at', 'integer')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_published').on('news').columns(['published_at', 'id']).execute();
  await db.schema
    .createTable('news_texts')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('zh-tw', 'zh-cn', 'en')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_texts_pk', ['news_id', 'language'])
    .execute();
  await db.schema
    .createTable('news_reads')
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_reads_pk', ['user_id', 'news_id'])
    .execute();
}

export const feedbackNews: Migration = {
  async up(db: AnyDb) {
    await createFeedback(db);
    await createNews(db);
  },
};
