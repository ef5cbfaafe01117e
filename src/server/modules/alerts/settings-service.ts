import type { z } from 'zod';
import type { AlertChat, AlertSettingAnswer, AlertSettingBody } from '../../../shared/calls/alert-settings.js';
import { CHAT_DELIVERY_STATES } from '../../../shared/calls/alert-settings.js';
import { LANGUAGES, LIMITS, type Language } from '../../../shared/constants.js';
import type { ServerContext } from '../../context.js';
import { isoTimeOrNull } from '../../db/columns.js';
import type { Db } from '../../db/connection.js';
import { chatsOf, deleteChatsExcept, findSettings, insertChat, resaveChat, saveLanguage, type AlertChatRow } from './settings-repo.js';

/**
 * Alert settings of the signed-in customer: the message language and the chats messages go to,
 * each with its delivery state (set by the delivery worker: 'blocked' after a 403, 'failing').
 */

type SettingsContext = Pick<ServerContext, 'db' | 'now' | 'config'>;
type ChatDelivery = AlertChat['delivery'];

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function deliveryOf(value: string): ChatDelivery {
  return (CHAT_DELIVERY_STATES as readonly string[]).includes(value) ? (value as ChatDelivery) : 'ok';
}

function chatAnswer(row: AlertChatRow): AlertChat {
  return {
    chatId: row.chat_id,
    language: isLanguage(row.language) ? row.language : null,
    delivery: deliveryOf(row.delivery),
    deliveryChangedAt: isoTimeOrNull(row.delivery_changed_at),
  };
}

async function settingsAnswer(ctx: SettingsContext, db: Db, custId: number, unsavedLanguage: Language): Promise<AlertSettingAnswer> {
  const saved = await findSettings(db, custId);
  return {
    language: saved && isLanguage(saved.language) ? saved.language : unsavedLanguage,
    chats: (await chatsOf(db, custId)).map(chatAnswer),
    chatIdMax: LIMITS.chatIdMax,
    botConfigured: Boolean(ctx.config.telegram.botToken),
  };
}

/**
 * The settings; never saved, the language is the caller's console language (`callerLanguage`, from
 * the request) and there are no chats.
 */
export function alertSettingInfo(ctx: SettingsContext, custId: number, callerLanguage: Language): Promise<AlertSettingAnswer> {
  return settingsAnswer(ctx, ctx.db, custId, callerLanguage);
}

/**
 * Replaces language and chats in one transaction. A chat saved again keeps its row, so its delivery
 * state survives, except 'blocked', which saving clears (it is how a user says the bot was
 * unblocked); chats left out are deleted.
 */
export async function saveAlertSettings(ctx: SettingsContext, custId: number, body: z.output<typeof AlertSettingBody>): Promise<AlertSettingAnswer> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await saveLanguage(trx, custId, body.language, now);
    await deleteChatsExcept(trx, custId, body.chats.map((chat) => chat.chatId));
    const kept = new Map((await chatsOf(trx, custId)).map((row) => [row.chat_id, row]));
    for (const chat of body.chats) {
      const row = kept.get(chat.chatId);
      if (row) await resaveChat(trx, row, chat, now);
      else await insertChat(trx, custId, chat, now);
    }
    return settingsAnswer(ctx, trx, custId, body.language);
  });
}
