import type { ServerContext } from '../../context.js';
import type { ImportJobRow, ImportRowRow } from './repo.js';
import { processImportRow } from './row-task.js';

export interface BatchWritten {
  written: number;
  created: number;
}

/**
 * Writes the leading rows in one transaction, each under its own savepoint, until `budgetMs`
 * has passed (at least one row): one commit for several rows, while the connection is never held
 * much longer than the budget. Anything the rows did not absorb rolls the whole transaction back,
 * so its rows stay pending and a retry writes them again.
 */
export async function writeRowBatch(ctx: ServerContext, job: ImportJobRow, rows: readonly ImportRowRow[], budgetMs: number): Promise<BatchWritten> {
  const trx = await ctx.db.startTransaction().execute();
  const started = performance.now();
  const done: BatchWritten = { written: 0, created: 0 };
  try {
    for (const row of rows) {
      if (done.written > 0 && performance.now() - started >= budgetMs) break;
      if (await processImportRow(ctx, trx, job, row)) done.created += 1;
      done.written += 1;
    }
    await trx.commit().execute();
    return done;
  } catch (error) {
    await trx.rollback().execute().catch(() => undefined);
    throw error;
  }
}
