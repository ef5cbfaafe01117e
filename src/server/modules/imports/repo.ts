import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ImportJobsTable, ImportRowsTable } from '../../db/schema-imports.js';

export type ImportJobRow = Selectable<ImportJobsTable>;
export type ImportRowRow = Selectable<ImportRowsTable>;

/** Rows per INSERT: 12 columns each stays far below SQLite's bound-variable limit. */
const INSERT_CHUNK = 500;

export async function insertImportJob(db: Db, job: Insertable<ImportJobsTable>): Promise<void> {
  await db.insertInto('import_jobs').values(job).execute();
}

export async function insertImportRows(db: Db, rows: readonly Insertable<ImportRowsTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insertInto('import_rows').values(rows.slice(start, start + INSERT_CHUNK)).execute();
  }
}

/** Every processing job, the oldest first (a restart resumes them in upload order). */
export function processingJobs(db: Db): Promise<ImportJobRow[]> {
  return db.selectFrom('import_jobs').selectAll().where('status', '=', 'processing').orderBy('started_at').orderBy('sno').execute();
}

/** Whether the job still processes (another instance may have finished it since it was read). */
export async function isProcessing(db: Db, sno: string): Promise<boolean> {
  const row = await db.selectFrom('import_jobs').select('sno').where('sno', '=', sno).where('status', '=', 'processing').executeTakeFirst();
  return row !== undefined;
}

/** The customer's job; undefined for an unknown sno or another customer's. */
export function customerJob(db: Db, custId: number, sno: string): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('sno', '=', sno).where('cust_id', '=', custId).executeTakeFirst();
}

export function finishedCustomerJobs(db: Db, custId: number, snos: readonly string[]): Promise<ImportJobRow[]> {
  return db.selectFrom('import_jobs').selectAll().where('cust_id', '=', custId).where('status', '=', 'finished').where('sno', 'in', snos).execute();
}

/** The next pending rows of a job after `afterOrdinal`, in file order. */
export function pendingRows(db: Db, sno: string, afterOrdinal: number, limit: number): Promise<ImportRowRow[]> {
  return db
    .selectFrom('import_rows')
    .selectAll()
    .where('sno', '=', sno)
    .where('ordinal', '>', afterOrdinal)
    .where('state', '=', 'pending')
    .orderBy('ordinal')
    .limit(limit)
    .execute();
}

export async function markRowCreated(db: Db, sno: string, ordinal: number, taskId: number): Promise<void> {
  await db.updateTable('import_rows').set({ state: 'created', task_id: taskId }).where('sno', '=', sno).where('ordinal', '=', ordinal).execute();
}

export async function markRowFailed(db: Db, sno: string, ordinal: number, failed: { failure: string; errcode: number; errmessage: string }): Promise<void> {
  await db.updateTable('import_rows').set({ state: 'failed', ...failed }).where('sno', '=', sno).where('ordinal', '=', ordinal).execute();
}

export interface ImportCounts {
  processed: number;
  success: number;
  fail: number;
}

/** The job's counts as its rows say (a resumed job starts from these). */
export async function countsOfRows(db: Db, sno: string): Promise<ImportCounts> {
  const rows = await db
    .selectFrom('import_rows')
    .select((eb) => ['state', eb.fn.countAll<number>().as('count')])
    .where('sno', '=', sno)
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
  return { processed: of('created') + of('failed'), success: of('created'), fail: of('failed') };
}

export async function updateJobCounts(db: Db, sno: string, counts: ImportCounts): Promise<void> {
  await db.updateTable('import_jobs').set(counts).where('sno', '=', sno).execute();
}

export async function finishJob(db: Db, sno: string, counts: ImportCounts, endedAt: number): Promise<void> {
  await db.updateTable('import_jobs').set({ ...counts, status: 'finished', ended_at: endedAt }).where('sno', '=', sno).execute();
}

/** A job's failed rows in file order. */
export function failedRowsOf(db: Db, sno: string): Promise<ImportRowRow[]> {
  return db.selectFrom('import_rows').selectAll().where('sno', '=', sno).where('state', '=', 'failed').orderBy('ordinal').execute();
}

/** The user's (or, for an administrator's view, the customer's) finished imports whose inbox item is unread, newest first. */
export async function unreadFinishedSnos(db: Db, custId: number, userId: number | null, limit: number): Promise<string[]> {
  let query = db
    .selectFrom('import_jobs as j')
    .innerJoin('inbox_items as i', 'i.sno', 'j.sno')
    .select('j.sno')
    .where('j.cust_id', '=', custId)
    .where('j.status', '=', 'finished')
    .where('i.read', '=', 0);
  if (userId !== null) query = query.where('j.user_id', '=', userId);
  const rows = await query.orderBy('j.ended_at', 'desc').orderBy('j.sno', 'desc').limit(limit).execute();
  return rows.map((row) => row.sno);
}

export async function updateInboxItem(db: Db, sno: string, values: { status?: number; title?: string; title_params?: string; data: string }): Promise<void> {
  await db.updateTable('inbox_items').set(values).where('sno', '=', sno).execute();
}

/** Every row of the job still pending fails with the same failure (a job the runner gave up on). */
export async function failPendingRows(db: Db, sno: string, failed: { failure: string; errcode: number; errmessage: string }): Promise<void> {
  await db.updateTable('import_rows').set({ state: 'failed', ...failed }).where('sno', '=', sno).where('state', '=', 'pending').execute();
}
