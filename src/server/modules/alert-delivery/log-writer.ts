import type { Kysely } from 'kysely';
import type { AlertLogEvent, AlertLogRow, MessageLine } from '../../../shared/calls/alert-settings.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants.js';
import type { Database } from '../../db/schema.js';
import { renderTelegramHtml } from '../alert-text/render.js';

export type AlertLogNode = AlertLogRow['nodes'][number];

/** What happened, for the alert log and every chat of the customer. */
export interface AlertLogEntry {
  custId: number;
  ruleId: number | null;
  ruleName: string | null;
  taskId: number | null;
  taskName: string | null;
  incidentId: number | null;
  event: AlertLogEvent;
  lines: MessageLine[];
  nodes: AlertLogNode[];
  verdict: string | null;
}

export interface WrittenAlertLog {
  logId: number;
  outboxIds: number[];
}

/** A chat's delivery state once it blocked the bot (403): nothing is queued for it until saved again. */
export const BLOCKED_CHAT = 'blocked';

export interface WriteAlertLogOptions {
  /** Only this chat of the customer, even if it blocked the bot (a test message the user asked for). */
  onlyChatId?: string;
  /** The zone of the times in the text (ctx.config.alertTimeZone); the renderer's default when left out. */
  timeZone?: string;
}

/**
 * Writes the log entry and one pending outbox row per chat of the customer that has not blocked
 * the bot, each rendered in the chat's language. Call it inside the transaction that changes the
 * incident (so the message exists exactly when the change does) and `ctx.alertDelivery?.wake()`
 * after that transaction commits.
 */
export async function writeAlertLog(
  trx: Kysely<Database>,
  entry: AlertLogEntry,
  now: number,
  options: WriteAlertLogOptions = {},
): Promise<WrittenAlertLog> {
  const log = await trx
    .insertInto('alert_log')
    .values({
      cust_id: entry.custId,
      rule_id: entry.ruleId,
      rule_name: entry.ruleName,
      task_id: entry.taskId,
      task_name: entry.taskName,
      incident_id: entry.incidentId,
      event: entry.event,
      content: JSON.stringify(entry.lines),
      nodes: JSON.stringify(entry.nodes),
      verdict: entry.verdict,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chats = await deliverableChats(trx, entry.custId, options.onlyChatId);
  if (chats.length === 0) return { logId: log.id, outboxIds: [] };
  const renderOptions = options.timeZone === undefined ? {} : { timeZone: options.timeZone };
  const texts = new Map<Language, string>();
  const textIn = (language: Language) => {
    let text = texts.get(language);
    if (text === undefined) texts.set(language, (text = renderTelegramHtml(entry.lines, language, renderOptions)));
    return text;
  };
  const rows = await trx
    .insertInto('alert_outbox')
    .values(
      chats.map((chat) => ({
        cust_id: entry.custId,
        log_id: log.id,
        chat_id: chat.chatId,
        language: chat.language,
        text: textIn(chat.language),
        state: 'pending',
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  return { logId: log.id, outboxIds: rows.map((row) => row.id) };
}

/** The customer's chats the bot may write to (or the one asked for), each with the language its messages are in. */
async function deliverableChats(trx: Kysely<Database>, custId: number, onlyChatId: string | undefined): Promise<{ chatId: string; language: Language }[]> {
  let query = trx
    .selectFrom('alert_chats as c')
    .leftJoin('alert_settings as s', 's.cust_id', 'c.cust_id')
    .select(['c.chat_id', 'c.language', 's.language as customerLanguage'])
    .where('c.cust_id', '=', custId);
  query = onlyChatId === undefined ? query.where('c.delivery', '!=', BLOCKED_CHAT) : query.where('c.chat_id', '=', onlyChatId);
  const rows = await query.orderBy('c.id').execute();
  return rows.map((row) => ({ chatId: row.chat_id, language: messageLanguage(row.language ?? row.customerLanguage) }));
}

function messageLanguage(stored: string | null): Language {
  return LANGUAGES.find((language) => language === stored) ?? DEFAULT_LANGUAGE;
}
