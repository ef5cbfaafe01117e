import { TELEGRAM_CHAT_ID_PATTERN, type AlertSettingAnswer, type AlertSettingBody, type FieldError, type Language } from '../../../shared/index.js';

/** One chat row as typed; `saved` is the chat id as the server holds it (null for a new row). */
export interface ChatRow {
  key: number;
  chatId: string;
  /** '' is the customer's message language. */
  language: Language | '';
  saved: string | null;
}

export interface SettingValues {
  language: Language;
  chats: ChatRow[];
}

/** Errors by row key (the chat id field) and for the language. */
export interface SettingErrors {
  language?: number;
  chats: Partial<Record<number, number>>;
  other?: FieldError[];
}

let nextKey = 1;
export const newChatRow = (chatId = ''): ChatRow => ({ key: nextKey++, chatId, language: '', saved: null });

export function settingValuesOf(answer: AlertSettingAnswer): SettingValues {
  return {
    language: answer.language,
    chats: answer.chats.map((chat) => ({ key: nextKey++, chatId: chat.chatId, language: chat.language ?? '', saved: chat.chatId })),
  };
}

export function settingBodyOf(values: SettingValues): AlertSettingBody {
  return {
    language: values.language,
    chats: values.chats.map((chat) => ({ chatId: chat.chatId.trim(), language: chat.language === '' ? null : chat.language })),
  };
}

/** The chat id rule the server checks (a numeric id or a public @channel), and no chat twice. */
export function checkSettingValues(values: SettingValues): SettingErrors {
  const chats: SettingErrors['chats'] = {};
  const seen = new Set<string>();
  for (const chat of values.chats) {
    const id = chat.chatId.trim();
    if (id === '') chats[chat.key] = 10010002;
    else if (!TELEGRAM_CHAT_ID_PATTERN.test(id)) chats[chat.key] = 10010004;
    else if (seen.has(id)) chats[chat.key] = 10010003;
    seen.add(id);
  }
  return { chats };
}

export const hasSettingErrors = (errors: SettingErrors) => errors.language !== undefined || Object.keys(errors.chats).length > 0 || (errors.other?.length ?? 0) > 0;

/** A 1001 answer's errors on the rows they name (`chats.2.chatId`, `chats`), the rest kept apart. */
export function settingErrorsOf(fieldErrors: readonly FieldError[], values: SettingValues): SettingErrors {
  const errors: SettingErrors = { chats: {} };
  const other: FieldError[] = [];
  for (const error of fieldErrors) {
    const [head, index] = error.field.split('.');
    const row = index === undefined ? undefined : values.chats[Number(index)];
    if (head === 'language') errors.language = error.code;
    else if (head === 'chats' && row) errors.chats[row.key] ??= error.code;
    else other.push(error);
  }
  return other.length > 0 ? { ...errors, other } : errors;
}

/** A row whose chat is saved as shown: a test message can go to it. */
export const isSavedChat = (chat: ChatRow) => chat.saved !== null && chat.saved === chat.chatId.trim();
