/**
 * The Bot API's limits as the sender keeps them, on the server's clock: at most one message a
 * second to a chat and at most GLOBAL_PER_SECOND a second in all (counted when each request starts).
 */

export const CHAT_INTERVAL_MS = 1000;
export const GLOBAL_PER_SECOND = 30;
const WINDOW_MS = 1000;

export class Pacing {
  private readonly lastStartByChat = new Map<string, number>();
  /** Start times within the last window, oldest first. */
  private starts: number[] = [];

  /** When the chat may have its next message (now or earlier: at once). */
  chatFreeAt(chatId: string): number {
    const last = this.lastStartByChat.get(chatId);
    return last === undefined ? 0 : last + CHAT_INTERVAL_MS;
  }

  /** When the next message to any chat may start. */
  globalFreeAt(now: number): number {
    this.starts = this.starts.filter((start) => start > now - WINDOW_MS);
    const oldest = this.starts[0];
    return this.starts.length < GLOBAL_PER_SECOND || oldest === undefined ? now : oldest + WINDOW_MS;
  }

  record(chatId: string, now: number): void {
    this.lastStartByChat.set(chatId, now);
    this.starts.push(now);
    if (this.lastStartByChat.size > 10_000) this.forgetIdleChats(now);
  }

  private forgetIdleChats(now: number): void {
    for (const [chatId, start] of this.lastStartByChat) if (start + CHAT_INTERVAL_MS <= now) this.lastStartByChat.delete(chatId);
  }
}

export const BACKOFF_FIRST_MS = 2000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/** A message the Bot API could not take (5xx, timeouts, network) is tried this long before it is 'failed'. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** Exponential backoff after the n-th failed try (1-based), capped, with ±20 % jitter so chats do not retry in step. */
export function retryDelayMs(failedTries: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.min(failedTries - 1, 20));
  return Math.round(base * (0.8 + 0.4 * random()));
}
