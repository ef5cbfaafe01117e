import { deletedRows, deleteInChunks, DELETE_CHUNK } from '../../db/chunked-delete.js';
import type { Db } from '../../db/connection.js';

/**
 * How long a finished import's job and rows are kept, in days: its detail and failed-rows file
 * answer until then (2106 after); the inbox item keeps its counts and failed rows.
 */
export const FINISHED_IMPORT_DAYS = 30;

export interface ImportPruneCounts {
  jobs: number;
  rows: number;
}

/** A job's rows, in chunks, so other writes are never held up long. */
function deleteJobRows(db: Db, sno: string): Promise<number> {
  return deleteInChunks(async () =>
    deletedRows(
      await db
        .deleteFrom('import_rows')
        .where('sno', '=', sno)
        .where('ordinal', 'in', (eb) => eb.selectFrom('import_rows').select('ordinal').where('sno', '=', sno).limit(DELETE_CHUNK))
        .executeTakeFirst(),
    ),
  );
}

/** Jobs finished before the cutoff, with their rows. */
export async function pruneFinishedImports(db: Db, cutoff: number): Promise<ImportPruneCounts> {
  const old = await db.selectFrom('import_jobs').select('sno').where('status', '=', 'finished').where('ended_at', '<', cutoff).execute();
  const counts: ImportPruneCounts = { jobs: 0, rows: 0 };
  for (const { sno } of old) {
    counts.rows += await deleteJobRows(db, sno);
    counts.jobs += deletedRows(await db.deleteFrom('import_jobs').where('sno', '=', sno).executeTakeFirst());
  }
  return counts;
}
