import { languageOf } from '../push/texts.js';
import { INBOX_STATUS } from '../../../shared/codes.js';
import type { ServerContext } from '../../context.js';
import { IMPORT_BODIES, IMPORT_TITLES, importItemData, importTitleParams } from './item-data.js';
import { failedRowsOf, finishJob, updateInboxItem, updateJobCounts, type ImportCounts, type ImportJobRow } from './repo.js';
import { failedImportRowOf } from './row-task.js';

/** The job's counters and its inbox item's progress, written together after each batch. */
export async function saveProgress(ctx: ServerContext, job: ImportJobRow, counts: ImportCounts): Promise<void> {
  const data = JSON.stringify(importItemData(job, counts, ctx.now()));
  await ctx.db.transaction().execute(async (trx) => {
    await updateJobCounts(trx, job.sno, counts);
    await updateInboxItem(trx, job.sno, { data });
  });
}

/**
 * The job is finished: its item says so (status 2, counts, elapsed and end time, the failed rows)
 * and the uploader's devices get a push with the same title as the item.
 */
export async function finishImport(ctx: ServerContext, job: ImportJobRow, counts: ImportCounts): Promise<void> {
  const endedAt = ctx.now();
  const finished: ImportJobRow = { ...job, ...counts, status: 'finished', ended_at: endedAt };
  const faildata = (await failedRowsOf(ctx.db, job.sno)).map((row) => failedImportRowOf(row, languageOf(job.language)));
  const params = importTitleParams(job, counts);
  await ctx.db.transaction().execute(async (trx) => {
    await finishJob(trx, job.sno, counts, endedAt);
    await updateInboxItem(trx, job.sno, {
      status: INBOX_STATUS.FINISHED,
      title: IMPORT_TITLES.finished,
      title_params: JSON.stringify(params),
      data: JSON.stringify(importItemData(finished, counts, endedAt, faildata)),
    });
  });
  ctx.push?.notifyInbox(job.cust_id, [{ userId: job.user_id, sno: Number(job.sno), titleKey: IMPORT_TITLES.finished, bodyKey: IMPORT_BODIES.finished, params }]);
}
