import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';
import { epochMsRule } from '../validation/rules.js';
import { Paging, PathId, Timestamp } from './common.js';
import { NoBody, defineCall } from './define.js';

/**
 * Alert basic settings (spec §3: messaging chat ids, at most LIMITS.chatIdMax, and the message
 * language), optional language per chat, and the alert log (§3 "time and content"), all scoped to
 * the signed-in customer, task area `alert`. A test message to a chat not in the settings is 2607;
 * an unknown log entry 2608.
 */

/** A Telegram chat: its numeric id (groups and channels are negative) or a public channel's @name. */
export const TELEGRAM_CHAT_ID_PATTERN = /^(-?[1-9]\d{0,19}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;
export const ChatIdField = z.string().trim().regex(TELEGRAM_CHAT_ID_PATTERN, { message: '10010004' });
export const MessageLanguage = z.enum(LANGUAGES, { error: (issue) => (issue.input === undefined ? '10010002' : '10010003') });

export const AlertChatFields = z.strictObject({
  chatId: ChatIdField,
  /** null: the customer's message language. */
  language: MessageLanguage.nullable().default(null),
});

export const AlertSettingBody = z.strictObject({
  language: MessageLanguage,
  chats: z
    .array(AlertChatFields)
    .max(LIMITS.chatIdMax)
    .refine((chats) => new Set(chats.map((chat) => chat.chatId)).size === chats.length, { message: '10010003' }),
});
export type AlertSettingBody = z.input<typeof AlertSettingBody>;

export const CHAT_DELIVERY_STATES = ['ok', 'blocked', 'failing'] as const;

export const AlertChat = z.object({
  chatId: z.string(),
  language: MessageLanguage.nullable(),
  /** 'blocked': the bot was blocked or removed (403) and nothing more is sent until saved again. */
  delivery: z.enum(CHAT_DELIVERY_STATES),
  deliveryChangedAt: Timestamp.nullable(),
});
export type AlertChat = z.infer<typeof AlertChat>;

export const AlertSettingAnswer = z.object({
  language: MessageLanguage,
  chats: z.array(AlertChat),
  chatIdMax: z.number().int(),
  /** The server has a bot token: without one, messages wait in the outbox. */
  botConfigured: z.boolean(),
});
export type AlertSettingAnswer = z.infer<typeof AlertSettingAnswer>;

export const AlertTestBody = z.strictObject({ chatId: ChatIdField });
export type AlertTestBody = z.input<typeof AlertTestBody>;
export const AlertTestAnswer = z.object({ logId: z.number().int() });

export const RECENT_CHATS_STATES = ['ok', 'no_token', 'webhook_set', 'unreachable'] as const;
export const RecentChatsAnswer = z.object({
  state: z.enum(RECENT_CHATS_STATES),
  chats: z.array(
    z.object({ chatId: z.string(), title: z.string(), kind: z.string(), lastMessageAt: Timestamp }),
  ),
});
export type RecentChatsAnswer = z.infer<typeof RecentChatsAnswer>;

export const ALERT_LOG_EVENTS = ['fire', 'repeat', 'recover', 'ssl_mark', 'ssl_renewed', 'test'] as const;
export type AlertLogEvent = (typeof ALERT_LOG_EVENTS)[number];
export const OUTBOX_STATES = ['pending', 'sent', 'failed', 'blocked'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** One line of a message: a key of the `alertmsg` namespace and its parameters. */
export const MessageLine = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type MessageLine = z.infer<typeof MessageLine>;

export const AlertLogNode = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  isp: z.number().int(),
  province: z.string().nullable(),
  country: z.string(),
});

export const AlertDelivery = z.object({
  chatId: z.string(),
  language: MessageLanguage,
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  sentAt: Timestamp.nullable(),
  /** Why the last try failed, as a key of the `alertmsg` namespace; null when none failed. */
  lastError: z.string().nullable(),
});

export const AlertLogRow = z.object({
  id: z.number().int(),
  createdAt: Timestamp,
  event: z.enum(ALERT_LOG_EVENTS),
  ruleId: z.number().int().nullable(),
  ruleName: z.string().nullable(),
  taskId: z.number().int().nullable(),
  taskName: z.string().nullable(),
  /** The message, line by line, for the reader's language. */
  content: z.array(MessageLine),
  nodes: z.array(AlertLogNode),
  /** The verdict's kind ('site', 'carrier', 'region', 'node', 'scattered', 'possible_hijack'), or null. */
  verdict: z.string().nullable(),
  deliveries: z.array(AlertDelivery),
});
export type AlertLogRow = z.infer<typeof AlertLogRow>;

export const AlertLogListBody = Paging.extend({
  ruleId: z.number().int().positive().optional(),
  taskId: z.number().int().positive().optional(),
  event: z.enum(ALERT_LOG_EVENTS).optional(),
  from: epochMsRule.optional(),
  to: epochMsRule.optional(),
});
export type AlertLogListBody = z.input<typeof AlertLogListBody>;
export const AlertLogListAnswer = z.object({ list: z.array(AlertLogRow), total: z.number().int() });
export type AlertLogListAnswer = z.infer<typeof AlertLogListAnswer>;

export const AlertLogIdBody = z.strictObject({ id: PathId });

const alert = { access: 'session', area: 'alert' } as const;

export const alertSettingCalls = {
  alertSettingInfo: defineCall({
    method: 'GET',
    path: '/alert/setting/info',
    summary: "The customer's alert settings: message language, chats with their delivery state, the chat maximum.",
    body: NoBody,
    answer: AlertSettingAnswer,
    mutation: false,
    ...alert,
  }),
  alertSettingSave: defineCall({
    method: 'POST',
    path: '/alert/setting/save',
    summary: 'Replaces the message language and the chats (at most the chat maximum, no repeats); a saved chat is tried again even if it was blocked.',
    body: AlertSettingBody,
    answer: AlertSettingAnswer,
    mutation: true,
    ...alert,
  }),
  alertSettingTest: defineCall({
    method: 'POST',
    path: '/alert/setting/test',
    summary: 'Queues a test message to one of the saved chats in its language (2607 when not saved); the log shows its delivery.',
    body: AlertTestBody,
    answer: AlertTestAnswer,
    mutation: true,
    ...alert,
  }),
  alertSettingRecentChats: defineCall({
    method: 'POST',
    path: '/alert/setting/recent_chats',
    summary: 'Chats that recently wrote to the bot (Bot API getUpdates; only when no webhook is set), to find one\'s chat id.',
    body: NoBody,
    answer: RecentChatsAnswer,
    mutation: false,
    ...alert,
  }),
  alertLogList: defineCall({
    method: 'POST',
    path: '/alert/log/list',
    summary: "The customer's alert log, newest first: filters by rule, task, event and time [from, to).",
    body: AlertLogListBody,
    answer: AlertLogListAnswer,
    mutation: false,
    ...alert,
  }),
  alertLogInfo: defineCall({
    method: 'GET',
    path: '/alert/log/info/{id}',
    summary: 'One alert log entry with its deliveries (2608 when unknown).',
    body: AlertLogIdBody,
    answer: AlertLogRow,
    mutation: false,
    ...alert,
  }),
} as const;
