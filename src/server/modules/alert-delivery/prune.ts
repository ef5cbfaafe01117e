import { deletedRows, deleteInChunks, DELETE_CHUNK } from '../../db/chunked-delete.js';
import type { Db } from '../../db/connection.js';

/** How long the alert log (with its messages' delivery) and ended incidents are kept, in days. */
export const ALERT_LOG_DAYS = 400;

export interface AlertPruneCounts {
  log: number;
  messages: number;
  incidents: number;
}

/**
 * Log entries written before the cutoff go with their outbox rows; an entry with a message still
 * pending stays until the sender settles it (a pending message expires after a day). Incidents that
 * ended before the cutoff go too; open ones stay, however old.
 */
export async function pruneAlertLog(db: Db, cutoff: number): Promise<AlertPruneCounts> {
  const messages = await deleteInChunks(async () =>
    deletedRows(
      await db
        .deleteFrom('alert_outbox')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('alert_outbox')
            .select('id')
            .where('created_at', '<', cutoff)
            .where('state', '!=', 'pending')
            .limit(DELETE_CHUNK),
        )
        .executeTakeFirst(),
    ),
  );
  const log = await deleteInChunks(async () =>
    deletedRows(
      await db
        .deleteFrom('alert_log')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('alert_log as l')
            .select('l.id')
            .where('l.created_at', '<', cutoff)
            .where(({ not, exists, selectFrom }) => not(exists(selectFrom('alert_outbox as o').select('o.id').whereRef('o.log_id', '=', 'l.id'))))
            .limit(DELETE_CHUNK),
        )
        .executeTakeFirst(),
    ),
  );
  const incidents = await deleteInChunks(async () =>
    deletedRows(
      await db
        .deleteFrom('alert_incidents')
        .where('id', 'in', (eb) => eb.selectFrom('alert_incidents').select('id').where('ended_at', '<', cutoff).limit(DELETE_CHUNK))
        .executeTakeFirst(),
    ),
  );
  return { log, messages, incidents };
}
