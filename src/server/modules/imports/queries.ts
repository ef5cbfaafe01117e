import { languageOf } from '../push/texts.js';
import type {
  CheckTaskAnswer,
  TaskCompletedAnswer,
  TaskCompletedDetailAnswer,
  TaskProgressAnswer,
} from '../../../shared/calls/domain-import.js';
import type { FileAnswer } from '../../../shared/calls/define.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { writeFailedRows } from '../import-file/index.js';
import { progressOf, resultOf } from './item-data.js';
import { processingImportOf } from './lock.js';
import { customerJob, failedRowsOf, finishedCustomerJobs, unreadFinishedSnos, type ImportJobRow } from './repo.js';
import { failedImportRowOf } from './row-task.js';

/** What the console reads about imports; every job is the caller's customer's, else 2106. */

const CHECK_TASK_COMPLETED_MAX = 20;

async function jobOf(ctx: ServerContext, principal: Principal, sno: string): Promise<ImportJobRow> {
  const job = await customerJob(ctx.db, principal.custId, sno);
  if (!job) throw new AppError(2106);
  return job;
}

async function finishedJobOf(ctx: ServerContext, principal: Principal, sno: string): Promise<ImportJobRow> {
  const job = await jobOf(ctx, principal, sno);
  if (job.status !== 'finished') throw new AppError(2106);
  return job;
}

export async function importProgress(ctx: ServerContext, principal: Principal, sno: string): Promise<TaskProgressAnswer> {
  const job = await jobOf(ctx, principal, sno);
  return job.status === 'finished' ? 'done' : progressOf(job);
}

export async function completedImports(ctx: ServerContext, principal: Principal, snos: readonly string[]): Promise<TaskCompletedAnswer> {
  const jobs = await finishedCustomerJobs(ctx.db, principal.custId, snos);
  return Object.fromEntries(jobs.map((job) => [job.sno, resultOf(job)]));
}

async function failedRowsOfJob(ctx: ServerContext, job: ImportJobRow) {
  return (await failedRowsOf(ctx.db, job.sno)).map((row) => failedImportRowOf(row, languageOf(job.language)));
}

export async function completedImportDetail(ctx: ServerContext, principal: Principal, sno: string): Promise<TaskCompletedDetailAnswer> {
  const job = await finishedJobOf(ctx, principal, sno);
  return { sno, faildata: await failedRowsOfJob(ctx, job) };
}

/** The failed rows as an xlsx file, in the language the import was made in (its messages are). */
export async function failedRowsFile(ctx: ServerContext, principal: Principal, sno: string): Promise<FileAnswer> {
  const job = await finishedJobOf(ctx, principal, sno);
  return writeFailedRows(await failedRowsOfJob(ctx, job), languageOf(job.language), ctx.now());
}

export async function checkImports(ctx: ServerContext, principal: Principal): Promise<CheckTaskAnswer> {
  const processing = (await processingImportOf(ctx.db, principal.custId)) ?? null;
  const completed = await unreadFinishedSnos(ctx.db, principal.custId, principal.userId, CHECK_TASK_COMPLETED_MAX);
  return { processing, completed };
}
