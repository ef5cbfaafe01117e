import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/**
 * Bulk import jobs and their rows: the upload stores every row, so the job never reads the file
 * again and a restart resumes from the rows still pending. At most one processing job per
 * customer, held by a partial unique index, so two uploads at once cannot both start. And the
 * tasks' hosts as the duplicates rule compares them, indexed.
 */
/** Fills `tasks.target_host` for the tasks there are, folded in JS as hostKeyOf (task-model.ts) folds it. */
async function fillTargetHosts(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('target_host', 'text', (c) => c.notNull().defaultTo('')).execute();
  const tasks = await db.selectFrom('tasks').select(['id', 'domain']).execute();
  for (const task of tasks as { id: number; domain: string }[]) {
    await db.updateTable('tasks').set({ target_host: task.domain.trim().toLowerCase() }).where('id', '=', task.id).execute();
  }
  await db.schema.createIndex('tasks_target_host').on('tasks').columns(['cust_id', 'type', 'target_host']).execute();
}

export const imports: Migration = {
  async up(db: AnyDb) {
    // An import checks every row against the customer's tasks: the duplicates rule must not read them all.
    await fillTargetHosts(db);
    await db.schema
      .createTable('import_jobs')
      .addColumn('sno', 'text', (c) => c.primaryKey())
      .addColumn('cust_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('processing', 'finished')`))
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('success', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fail', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'integer', (c) => c.notNull())
      .addColumn('ended_at', 'integer')
      .execute();
    await db.schema.createIndex('import_jobs_processing').on('import_jobs').column('cust_id').unique().where(sql.ref('status'), '=', 'processing').execute();
    await db.schema.createIndex('import_jobs_customer').on('import_jobs').columns(['cust_id', 'status', 'started_at']).execute();
    await db.schema
      .createTable('import_rows')
      .addColumn('sno', 'text', (c) => c.notNull().references('import_jobs.sno').onDelete('cascade'))
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addColumn('sheet', 'text', (c) => c.notNull())
      .addColumn('row', 'integer', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('cells', 'text', (c) => c.notNull())
      .addColumn('input', 'text')
      .addColumn('failure', 'text')
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'created', 'failed')`))
      .addColumn('task_id', 'integer')
      .addColumn('errcode', 'integer')
      .addColumn('errmessage', 'text')
      .addPrimaryKeyConstraint('import_rows_pk', ['sno', 'ordinal'])
      .execute();
  },
};
