import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';

/** The customer's processing import's sno, if one is running. */
export async function processingImportOf(db: Db, custId: number): Promise<string | undefined> {
  const row = await db.selectFrom('import_jobs').select('sno').where('cust_id', '=', custId).where('status', '=', 'processing').executeTakeFirst();
  return row?.sno;
}

/**
 * While an import is processing for the customer, every other task change of theirs (another
 * import included) waits for it: 2105. Call it inside the change's transaction, so a change and
 * an upload cannot slip past each other.
 */
export async function assertNoImportProcessing(db: Db, custId: number): Promise<void> {
  if ((await processingImportOf(db, custId)) !== undefined) throw new AppError(2105);
}
