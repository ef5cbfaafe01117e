import type { Insertable } from 'kysely';
import type { ImportAnswer } from '../../../shared/calls/domain-import.js';
import { INBOX_STATUS } from '../../../shared/codes.js';
import type { Language } from '../../../shared/constants.js';
import { taskPointsCost } from '../../../shared/points.js';
import type { Principal, ServerContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { ImportRowsTable } from '../../db/schema-imports.js';
import { AppError } from '../../http/app-error.js';
import { remainingPoints } from '../domain/points.js';
import { importText } from '../import-file/texts.js';
import { loadImportLookups, readImportFile, rowToTaskInput, type ImportRow, type RowOutcome } from '../import-file/index.js';
import { insertInboxItems, takeInboxSnos } from '../inbox/repo.js';
import { IMPORT_TITLES, importItemData, importTitleParams } from './item-data.js';
import { assertNoImportProcessing } from './lock.js';
import { insertImportJob, insertImportRows, type ImportJobRow } from './repo.js';
import { isUniqueViolation } from '../../db/errors.js';

/**
 * An upload becomes a job: the file is read and every row checked at once, the points checked for
 * the whole file, then the job, its rows and the uploader's inbox item (processing, 0 %) are
 * written in one transaction, so nothing needs the file again and the runner can resume anywhere.
 */

export interface ImportUpload {
  fileName: string;
  bytes: Uint8Array;
}

interface CheckedRow {
  row: ImportRow;
  outcome: RowOutcome;
}

/** 2111 naming the points the file's valid rows need and those left, before anything is written. */
async function assertPointsCover(ctx: ServerContext, custId: number, rows: readonly CheckedRow[], language: Language): Promise<void> {
  let needed = 0;
  for (const { outcome } of rows) if (outcome.ok) needed += taskPointsCost({ frequencyMinutes: outcome.input.frequencyMinutes, nodeIds: outcome.input.nodeIds });
  const left = await remainingPoints(ctx.db, custId, ctx.now());
  if (needed > left) throw new AppError(2111, { message: importText(language, 'import:job.pointsShort', { needed, left, missing: needed - left }) });
}

function rowValues(sno: string, rows: readonly CheckedRow[]): Insertable<ImportRowsTable>[] {
  return rows.map(({ row, outcome }, ordinal) => ({
    sno,
    ordinal,
    sheet: row.sheet,
    row: row.row,
    type: row.type,
    cells: JSON.stringify(row.cells),
    input: outcome.ok ? JSON.stringify(outcome.input) : null,
    failure: outcome.ok ? null : JSON.stringify(outcome.failure),
    state: 'pending',
    task_id: null,
    errcode: null,
    errmessage: null,
  }));
}

async function writeJob(db: Db, job: Omit<ImportJobRow, 'sno'>, rows: readonly CheckedRow[]): Promise<string> {
  try {
    return await db.transaction().execute(async (trx) => {
      await assertNoImportProcessing(trx, job.cust_id);
      const sno = String(await takeInboxSnos(trx, 1));
      const row: ImportJobRow = { ...job, sno };
      await insertImportJob(trx, row);
      await insertImportRows(trx, rowValues(sno, rows));
      const data = importItemData(row, { processed: 0, success: 0, fail: 0 }, job.started_at);
      await insertInboxItems(trx, [
        { sno, custId: job.cust_id, userId: job.user_id, type: 'import', status: INBOX_STATUS.PROCESSING, title: IMPORT_TITLES.processing, titleParams: JSON.stringify(importTitleParams(row)), data: JSON.stringify(data), createdAt: job.started_at },
      ]);
      return sno;
    });
  } catch (error) {
    // Another upload of the customer committed first (the one-processing-job index).
    if (isUniqueViolation(error)) throw new AppError(2105);
    throw error;
  }
}

/** Longer names are cut: the name is shown in the inbox title. */
const FILE_NAME_MAX = 255;

export async function startImport(ctx: ServerContext, principal: Principal, upload: ImportUpload, language: Language): Promise<ImportAnswer> {
  const custId = principal.custId;
  // The call is a mutation, so an administrator's view never gets here.
  if (principal.userId === null) throw new AppError(2007);
  const file = readImportFile(upload.bytes, upload.fileName, language);
  await assertNoImportProcessing(ctx.db, custId);
  const lookups = await loadImportLookups(ctx.db, custId);
  const rows = file.rows.map((row) => ({ row, outcome: rowToTaskInput(row, lookups) }));
  await assertPointsCover(ctx, custId, rows, language);
  const now = ctx.now();
  const job = { cust_id: custId, user_id: principal.userId, language, file_name: upload.fileName.slice(0, FILE_NAME_MAX), status: 'processing' as const, total: rows.length, processed: 0, success: 0, fail: 0, started_at: now, ended_at: null };
  const sno = await writeJob(ctx.db, job, rows);
  return { sno, total: rows.length };
}
