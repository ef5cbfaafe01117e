import { z } from 'zod';
import type { RecentChatsAnswer } from '../../../shared/calls/alert-settings.js';
import type { TelegramUpdate } from './telegram.js';

export type RecentChat = RecentChatsAnswer['chats'][number];

const ChatOfUpdate = z.object({
  chat: z.object({
    id: z.union([z.number(), z.string()]),
    type: z.string(),
    title: z.string().optional(),
    username: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
  }),
  date: z.number(),
});
type ChatOfUpdate = z.infer<typeof ChatOfUpdate>;

/** Update fields that carry a chat and a date (messages, posts, membership changes, join requests). */
const CHAT_FIELDS = ['message', 'edited_message', 'channel_post', 'edited_channel_post', 'my_chat_member', 'chat_member', 'chat_join_request'];

function chatOf(update: TelegramUpdate): ChatOfUpdate | undefined {
  for (const field of CHAT_FIELDS) {
    const parsed = ChatOfUpdate.safeParse(update[field]);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

function titleOf(chat: ChatOfUpdate['chat']): string {
  const person = [chat.first_name, chat.last_name].filter((part) => part !== undefined).join(' ');
  return chat.title ?? (person !== '' ? person : chat.username !== undefined ? `@${chat.username}` : '');
}

/** One entry per chat that wrote to the bot, with its latest update's time, newest first. */
export function recentChatsOf(updates: TelegramUpdate[]): RecentChat[] {
  const latest = new Map<string, { chat: ChatOfUpdate['chat']; at: number }>();
  for (const update of updates) {
    const found = chatOf(update);
    if (!found) continue;
    const chatId = String(found.chat.id);
    const at = found.date * 1000;
    const known = latest.get(chatId);
    if (!known || known.at <= at) latest.set(chatId, { chat: found.chat, at });
  }
  return [...latest.entries()]
    .sort(([, a], [, b]) => b.at - a.at)
    .map(([chatId, { chat, at }]) => ({ chatId, title: titleOf(chat), kind: chat.type, lastMessageAt: new Date(at).toISOString() }));
}
