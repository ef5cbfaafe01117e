import { E2E } from './env.js';

/** The local Bot API the e2e main server sends alert messages to (tests/support/bot-api-peer.ts). */
const control = (path: string) => `http://127.0.0.1:${E2E.botApiPort}/__peer/${path}`;

export interface BotApiMessage {
  chatId: string;
  /** Telegram HTML as the server sent it. */
  text: string;
  at: number;
}

export async function botApiMessages(chatId?: string): Promise<BotApiMessage[]> {
  const answer = (await (await fetch(control('messages'))).json()) as { result: BotApiMessage[] };
  return chatId === undefined ? answer.result : answer.result.filter((message) => message.chatId === chatId);
}

/** A chat writing to the bot, as recent chats (getUpdates) then shows it. */
export async function botApiWriteFromChat(chat: { id: number; type: 'private' | 'group' | 'supergroup' | 'channel'; title?: string; first_name?: string }, text = '/start'): Promise<void> {
  await fetch(control('updates'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chat, text }) });
}

/** Forgets messages, updates and faults (between tests). */
export async function resetBotApi(): Promise<void> {
  await fetch(control('reset'), { method: 'POST' });
}
