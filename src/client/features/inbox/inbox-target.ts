import { PUSH_MESSAGE_TYPE } from '../../../shared/index.js';

/** `?inbox=<sno>` on any signed-in route opens the bell on that item (a notification's click lands there). */
export const INBOX_PARAM = 'inbox';

const SNO_MAX = 64;

/** The item the URL points at, or null when it names none (or nonsense). */
export function inboxTargetOf(params: URLSearchParams): string | null {
  const value = params.get(INBOX_PARAM)?.trim() ?? '';
  if (value === '' || value.length > SNO_MAX || /[\p{Cc}]/u.test(value)) return null;
  return value;
}

/** The same parameters without the inbox target (once the panel it opened is closed). */
export function withoutInboxTarget(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(INBOX_PARAM);
  return next;
}

/** A message the service worker posts to the open consoles when a push arrives. */
export function isPushMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PUSH_MESSAGE_TYPE;
}
