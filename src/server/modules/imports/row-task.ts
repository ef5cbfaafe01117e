import type { ControlledTransaction } from 'kysely';
import { languageOf } from '../push/texts.js';
import type { FailedImportRow } from '../../../shared/calls/domain-import.js';
import type { MonitorType } from '../../../shared/codes.js';
import type { Language } from '../../../shared/constants.js';
import type { ImportColumnKey, ImportSheetName } from '../../../shared/import/template.js';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { createImportedTask } from '../domain/service.js';
import { failedRowOf, rowFailureOf, type ImportRow, type RowFailure } from '../import-file/index.js';
import type { TaskInput } from '../tasks/task-input.js';
import { markRowCreated, markRowFailed, type ImportJobRow, type ImportRowRow } from './repo.js';

/**
 * One stored row becomes a task exactly as the console's create makes one (rules, labels, points,
 * deployment); the task and the row's `created` state commit together, so a resumed job never
 * creates a row's task twice. Whatever refuses the row is stored as its failure.
 */

export function importRowOf(row: ImportRowRow): ImportRow {
  return { sheet: row.sheet as ImportSheetName, type: row.type as MonitorType, row: row.row, cells: JSON.parse(row.cells) as Record<ImportColumnKey, string> };
}

export function storedFailureOf(row: ImportRowRow): RowFailure {
  return row.failure === null ? { errcode: row.errcode ?? 500 } : (JSON.parse(row.failure) as RowFailure);
}

export function failedImportRowOf(row: ImportRowRow, language: Language): FailedImportRow {
  return failedRowOf(importRowOf(row), storedFailureOf(row), language);
}

/** Not the row's fault (the database, a bug): the row fails as "system busy" and the operator sees why. */
function unexpectedFailure(ctx: ServerContext, error: unknown): RowFailure {
  ctx.log?.warn({ err: error }, 'import: a row failed unexpectedly');
  return { errcode: 500 };
}

type JobTransaction = ControlledTransaction<Database>;

const ROW_SAVEPOINT = 'import_row';

/** The row's task under its own savepoint in the batch's transaction: a refused row undoes only itself. */
async function createRowTask(ctx: ServerContext, trx: JobTransaction, job: ImportJobRow, row: ImportRowRow, input: TaskInput): Promise<RowFailure | undefined> {
  const saved = await trx.savepoint(ROW_SAVEPOINT).execute();
  try {
    await createImportedTask(saved, ctx, job.cust_id, input, (inner, task) => markRowCreated(inner, job.sno, row.ordinal, task.id));
    await saved.releaseSavepoint(ROW_SAVEPOINT).execute();
    return undefined;
  } catch (error) {
    await saved.rollbackToSavepoint(ROW_SAVEPOINT).execute();
    await saved.releaseSavepoint(ROW_SAVEPOINT).execute();
    return rowFailureOf(error) ?? unexpectedFailure(ctx, error);
  }
}

/** Processes one pending row in the batch's transaction; answers whether its task was created. */
export async function processImportRow(ctx: ServerContext, trx: JobTransaction, job: ImportJobRow, row: ImportRowRow): Promise<boolean> {
  const failure = row.input === null ? storedFailureOf(row) : await createRowTask(ctx, trx, job, row, JSON.parse(row.input) as TaskInput);
  if (!failure) return true;
  const failed = failedRowOf(importRowOf(row), failure, languageOf(job.language));
  await markRowFailed(trx, job.sno, row.ordinal, { failure: JSON.stringify(failure), errcode: failed.errcode, errmessage: failed.errmessage });
  return false;
}
