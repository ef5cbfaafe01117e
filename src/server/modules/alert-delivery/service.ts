import { composeAlertLines } from '../../../shared/alerts/compose.js';
import type { RecentChatsAnswer } from '../../../shared/calls/alert-settings.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { writeAlertLog } from './log-writer.js';
import { recentChatsOf } from './recent-chats.js';
import { telegramClient } from './telegram.js';

/** Queues a test message to one saved chat (2607 when the customer has not saved it), blocked or not. */
export async function queueTestMessage(ctx: ServerContext, principal: Principal, chatId: string): Promise<{ logId: number }> {
  const now = ctx.now();
  const written = await ctx.db.transaction().execute(async (trx) => {
    const chat = await trx
      .selectFrom('alert_chats')
      .select('id')
      .where('cust_id', '=', principal.custId)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    if (!chat) throw new AppError(2607);
    const entry = {
      custId: principal.custId,
      ...{ ruleId: null, ruleName: null, taskId: null, taskName: null, incidentId: null },
      event: 'test' as const,
      lines: composeAlertLines({ event: 'test', sentAt: now }),
      nodes: [],
      verdict: null,
    };
    return writeAlertLog(trx, entry, now, { onlyChatId: chatId, timeZone: ctx.config.alertTimeZone });
  });
  ctx.alertDelivery?.wake();
  return { logId: written.logId };
}

/**
 * The chats that wrote to the bot lately, for finding one's chat id: getUpdates without an offset
 * (nothing is confirmed, so other readers of the bot's updates miss nothing), only while no webhook
 * is set (Telegram refuses getUpdates then). Chats another customer saved are left out.
 */
export async function listRecentChats(ctx: ServerContext, principal: Principal): Promise<RecentChatsAnswer> {
  const client = telegramClient(ctx.config.telegram);
  if (client === undefined) return { state: 'no_token', chats: [] };
  const webhook = await client.getWebhookInfo();
  if (webhook.kind !== 'ok') return { state: 'unreachable', chats: [] };
  if (webhook.result.url !== '') return { state: 'webhook_set', chats: [] };
  const updates = await client.getUpdates();
  if (updates.kind !== 'ok') return { state: 'unreachable', chats: [] };
  const othersChats = await ctx.db
    .selectFrom('alert_chats')
    .select('chat_id')
    .where('cust_id', '!=', principal.custId)
    .execute();
  const hidden = new Set(othersChats.map((row) => row.chat_id));
  return { state: 'ok', chats: recentChatsOf(updates.result).filter((chat) => !hidden.has(chat.chatId)) };
}
