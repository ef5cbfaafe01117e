import { deletedRows, deleteInChunks, DELETE_CHUNK } from '../../db/chunked-delete.js';
import type { Db } from '../../db/connection.js';

/** How long a deployment row a newer row of the same (task, node) replaced is kept, in days. */
export const SUPERSEDED_DEPLOYMENT_DAYS = 30;

/** Deployment rows last changed before the cutoff that a newer row of the same (task, node) replaced. */
export function pruneSupersededDeployments(db: Db, cutoff: number): Promise<number> {
  return deleteInChunks(async () =>
    deletedRows(
      await db
        .deleteFrom('deployments')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('deployments as d')
            .select('d.id')
            .where('d.updated_at', '<', cutoff)
            .where(({ exists, selectFrom }) =>
              exists(
                selectFrom('deployments as newer')
                  .select('newer.id')
                  .whereRef('newer.task_id', '=', 'd.task_id')
                  .whereRef('newer.node_id', '=', 'd.node_id')
                  .whereRef('newer.id', '>', 'd.id'),
              ),
            )
            .limit(DELETE_CHUNK),
        )
        .executeTakeFirst(),
    ),
  );
}
