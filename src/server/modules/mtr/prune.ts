import { deletedRows, deleteInChunks, DELETE_CHUNK } from '../../db/chunked-delete.js';
import type { Db } from '../../db/connection.js';

export { MTR_RUN_RETENTION_DAYS } from '../../../shared/calls/domain-mtr.js';

/** MTR runs started before the cutoff, with their nodes (by foreign key). */
export function pruneMtrRuns(db: Db, cutoff: number): Promise<number> {
  return deleteInChunks(async () =>
    deletedRows(
      await db
        .deleteFrom('mtr_runs')
        .where('id', 'in', (eb) => eb.selectFrom('mtr_runs').select('id').where('created_at', '<', cutoff).limit(DELETE_CHUNK))
        .executeTakeFirst(),
    ),
  );
}
