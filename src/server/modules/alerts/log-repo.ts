import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AlertLogTable, AlertOutboxTable } from '../../db/schema-alerts.js';

export type AlertLogEntryRow = Selectable<AlertLogTable>;
export type DeliveryRow = Pick<Selectable<AlertOutboxTable>, 'log_id' | 'chat_id' | 'language' | 'state' | 'attempts' | 'sent_at' | 'last_error'>;

export interface LogFilters {
  ruleId?: number | undefined;
  taskId?: number | undefined;
  event?: string | undefined;
  /** [from, to) in epoch ms. */
  from?: number | undefined;
  to?: number | undefined;
}

function entriesOf(db: Db, custId: number, filters: LogFilters) {
  let query = db.selectFrom('alert_log').where('cust_id', '=', custId);
  if (filters.ruleId !== undefined) query = query.where('rule_id', '=', filters.ruleId);
  if (filters.taskId !== undefined) query = query.where('task_id', '=', filters.taskId);
  if (filters.event !== undefined) query = query.where('event', '=', filters.event);
  if (filters.from !== undefined) query = query.where('created_at', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('created_at', '<', filters.to);
  return query;
}

export async function countLogEntries(db: Db, custId: number, filters: LogFilters): Promise<number> {
  const row = await entriesOf(db, custId, filters)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first. */
export function pageOfLogEntries(db: Db, custId: number, filters: LogFilters, page: { limit: number; offset: number }): Promise<AlertLogEntryRow[]> {
  return entriesOf(db, custId, filters).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export function findLogEntry(db: Db, custId: number, id: number): Promise<AlertLogEntryRow | undefined> {
  return db.selectFrom('alert_log').selectAll().where('cust_id', '=', custId).where('id', '=', id).executeTakeFirst();
}

/** The chat messages of these entries, in the order they were written. */
export function deliveriesOf(db: Db, custId: number, logIds: readonly number[]): Promise<DeliveryRow[]> {
  if (logIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('alert_outbox')
    .select(['log_id', 'chat_id', 'language', 'state', 'attempts', 'sent_at', 'last_error'])
    .where('cust_id', '=', custId)
    .where('log_id', 'in', [...logIds])
    .orderBy('id')
    .execute();
}
