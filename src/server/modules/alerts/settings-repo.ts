import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AlertChatsTable, AlertSettingsTable } from '../../db/schema-alerts.js';

export type AlertSettingsRow = Selectable<AlertSettingsTable>;
export type AlertChatRow = Selectable<AlertChatsTable>;

export interface SavedChat {
  chatId: string;
  language: string | null;
}

export function findSettings(db: Db, custId: number): Promise<AlertSettingsRow | undefined> {
  return db.selectFrom('alert_settings').selectAll().where('cust_id', '=', custId).executeTakeFirst();
}

/** In the order they were first saved. */
export function chatsOf(db: Db, custId: number): Promise<AlertChatRow[]> {
  return db.selectFrom('alert_chats').selectAll().where('cust_id', '=', custId).orderBy('id').execute();
}

export async function saveLanguage(db: Db, custId: number, language: string, now: number): Promise<void> {
  await db
    .insertInto('alert_settings')
    .values({ cust_id: custId, language, updated_at: now })
    .onConflict((conflict) => conflict.column('cust_id').doUpdateSet({ language, updated_at: now }))
    .execute();
}

/** Deletes the customer's chats that are not among these. */
export async function deleteChatsExcept(db: Db, custId: number, chatIds: readonly string[]): Promise<void> {
  let query = db.deleteFrom('alert_chats').where('cust_id', '=', custId);
  if (chatIds.length > 0) query = query.where('chat_id', 'not in', [...chatIds]);
  await query.execute();
}

export async function insertChat(db: Db, custId: number, chat: SavedChat, now: number): Promise<void> {
  await db.insertInto('alert_chats').values({ cust_id: custId, chat_id: chat.chatId, language: chat.language, created_at: now }).execute();
}

/** A chat saved again: its language, and 'ok' again when it was blocked. */
export async function resaveChat(db: Db, row: AlertChatRow, chat: SavedChat, now: number): Promise<void> {
  const unblocked = row.delivery === 'blocked' ? { delivery: 'ok', delivery_changed_at: now } : {};
  await db
    .updateTable('alert_chats')
    .set({ language: chat.language, ...unblocked })
    .where('id', '=', row.id)
    .where('cust_id', '=', row.cust_id)
    .execute();
}
