import { deletedRows, deleteInChunks, DELETE_CHUNK } from '../../db/chunked-delete.js';
import type { Db } from '../../db/connection.js';

/** On-demand jobs created before the cutoff that are finished, or past their time and never finished. */
export function pruneJobs(db: Db, cutoff: number): Promise<number> {
  return deleteInChunks(async () =>
    deletedRows(
      await db
        .deleteFrom('agent_jobs')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('agent_jobs')
            .select('id')
            .where('created_at', '<', cutoff)
            .where((inner) => inner.or([inner('state', 'in', ['done', 'expired']), inner('expires_at', '<', cutoff)]))
            .limit(DELETE_CHUNK),
        )
        .executeTakeFirst(),
    ),
  );
}
