import { languageOf } from '../push/texts.js';
import type { ServerContext } from '../../context.js';
import { importText } from '../import-file/texts.js';
import { failedRowOf, type ImportRow, type RowFailure } from '../import-file/index.js';
import { finishImport } from './progress.js';
import { countsOfRows, failPendingRows, type ImportJobRow } from './repo.js';

/** 2104 with the reason in the uploader's language: the rows were never tried, not refused. */
export const JOB_STOPPED_CODE = 2104;

const anyRow: ImportRow = { sheet: 'ICMP', type: 1, row: 0, cells: {} as ImportRow['cells'] };

/**
 * The runner kept failing on this job (not one row: the database, a bug): its rows still pending
 * fail with 2104 saying the import stopped, and the job finishes as usual (inbox item, push), so
 * the customer is not locked out of task changes (2105) by a job that will never end.
 */
export async function giveUpImport(ctx: ServerContext, job: ImportJobRow): Promise<void> {
  const language = languageOf(job.language);
  const failure: RowFailure = { errcode: JOB_STOPPED_CODE, params: { message: importText(language, 'import:job.stopped') } };
  // No column is named, so every pending row gets the same words.
  const { errmessage } = failedRowOf(anyRow, failure, language);
  await failPendingRows(ctx.db, job.sno, { failure: JSON.stringify(failure), errcode: JOB_STOPPED_CODE, errmessage });
  await finishImport(ctx, job, await countsOfRows(ctx.db, job.sno));
}
