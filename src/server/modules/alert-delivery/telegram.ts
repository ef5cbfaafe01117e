import type { TelegramConfig } from '../../config.js';

/**
 * A small Telegram Bot API client (https://core.telegram.org/bots/api) over fetch. The token is
 * only ever part of the request URL: no answer, error or log line built here contains it.
 */

/** What became of one sendMessage, as the sender acts on it. */
export type SendOutcome =
  | { kind: 'sent'; messageId: string }
  /** 429: flood control; try this chat again after `retryAfterMs`. */
  | { kind: 'rate_limited'; retryAfterMs: number }
  /** 403 (blocked, kicked, deactivated) or 400 "chat not found": nothing reaches this chat until it is saved again. */
  | { kind: 'blocked'; reason: 'blocked' | 'chat_not_found' }
  /** Any other 4xx: this message will never be accepted (e.g. malformed HTML); give it up. */
  | { kind: 'rejected'; status: number }
  /** 5xx, a timeout or a network failure: try again later. */
  | { kind: 'unavailable'; reason: 'server' | 'timeout' | 'network' };

export interface TelegramChat {
  id: number | string;
  type: string;
  title?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
}

/** The parts of an Update that carry a chat: messages, posts and membership changes. */
export interface TelegramUpdate {
  update_id: number;
  [kind: string]: unknown;
}

export type BotAnswer<T> = { ok: true; result: T } | { ok: false; status: number; retryAfterSeconds?: number; description: string };

export type ReadOutcome<T> = { kind: 'ok'; result: T } | { kind: 'unreachable' };

export class TelegramClient {
  constructor(private readonly config: TelegramConfig & { botToken: string }) {}

  async sendMessage(chatId: string, text: string): Promise<SendOutcome> {
    const body = { chat_id: chatId, text, parse_mode: 'HTML', link_preview_options: { is_disabled: true } };
    try {
      return classifySend(await this.call<{ message_id: number }>('sendMessage', body));
    } catch (error) {
      return { kind: 'unavailable', reason: isTimeout(error) ? 'timeout' : 'network' };
    }
  }

  /** Unconfirmed updates, without confirming any (no offset): others reading them still see them. */
  getUpdates(limit = 100): Promise<ReadOutcome<TelegramUpdate[]>> {
    return this.read<TelegramUpdate[]>('getUpdates', { limit, timeout: 0 });
  }

  getWebhookInfo(): Promise<ReadOutcome<{ url: string }>> {
    return this.read<{ url: string }>('getWebhookInfo', {});
  }

  private async read<T>(method: string, body: object): Promise<ReadOutcome<T>> {
    try {
      const answer = await this.call<T>(method, body);
      return answer.ok ? { kind: 'ok', result: answer.result } : { kind: 'unreachable' };
    } catch {
      return { kind: 'unreachable' };
    }
  }

  private async call<T>(method: string, body: object): Promise<BotAnswer<T>> {
    const response = await fetch(`${this.config.apiBase}/bot${this.config.botToken}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.config.requestTimeoutMs),
    });
    const json = (await response.json().catch(() => undefined)) as
      | { ok?: boolean; result?: T; description?: string; parameters?: { retry_after?: number } }
      | undefined;
    if (response.ok && json?.ok === true) return { ok: true, result: json.result as T };
    return {
      ok: false,
      status: response.ok ? 502 : response.status,
      description: typeof json?.description === 'string' ? json.description : '',
      ...(typeof json?.parameters?.retry_after === 'number' ? { retryAfterSeconds: json.parameters.retry_after } : {}),
    };
  }
}

/** Without a retry_after a 429 still waits this long. */
const DEFAULT_RETRY_AFTER_MS = 1000;

export function classifySend(answer: BotAnswer<{ message_id: number }>): SendOutcome {
  if (answer.ok) return { kind: 'sent', messageId: String(answer.result.message_id) };
  const { status } = answer;
  if (status === 429) return { kind: 'rate_limited', retryAfterMs: (answer.retryAfterSeconds ?? 0) * 1000 || DEFAULT_RETRY_AFTER_MS };
  if (status === 403) return { kind: 'blocked', reason: 'blocked' };
  if (status === 400 && /chat not found/i.test(answer.description)) return { kind: 'blocked', reason: 'chat_not_found' };
  if (status >= 500) return { kind: 'unavailable', reason: 'server' };
  return { kind: 'rejected', status };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The client for the configured bot, or undefined without a token (messages then wait). */
export function telegramClient(config: TelegramConfig): TelegramClient | undefined {
  const { botToken } = config;
  return botToken === undefined ? undefined : new TelegramClient({ ...config, botToken });
}
