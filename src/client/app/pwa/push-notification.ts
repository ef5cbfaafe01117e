/**
 * What the service worker makes of a push and of a click on its notification (pure, so it is
 * tested in Node). The server sends `{kind: 'inbox', sno, title, body, url, tag}`, its texts
 * already in the subscriber's language.
 */
import { ICONS } from './web-manifest.js';

export interface InboxPushPayload {
  kind: 'inbox';
  sno: number;
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface PushNotification {
  title: string;
  options: {
    body: string;
    tag?: string;
    icon: string;
    badge: string;
    data: { url: string; sno: number | null };
  };
}

/** Where a notification without a usable target opens the console. */
export const DEFAULT_CONSOLE_PATH = '/overview';
/** Shown when a push arrives without a readable payload: a push must always show something. */
const FALLBACK_TITLE = 'Vigil';

/** The message the service worker posts to every console window for each push. */
export const PUSH_MESSAGE_TYPE = 'vigil:push';

const isText = (value: unknown): value is string => typeof value === 'string';

/** A same-origin path ("/overview?inbox=3"); anything else (another origin, "//host", junk) gives the default. */
export function consolePathOf(url: unknown): string {
  if (!isText(url) || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return DEFAULT_CONSOLE_PATH;
  return url;
}

/** The payload when it has the contract's shape, else null. */
export function parsePushPayload(text: string | null | undefined): InboxPushPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, sno, title, body, url, tag } = value as Record<string, unknown>;
  if (kind !== 'inbox' || !Number.isSafeInteger(sno) || !isText(title) || title.trim() === '') return null;
  return {
    kind,
    sno: sno as number,
    title,
    body: isText(body) ? body : '',
    url: consolePathOf(url),
    tag: isText(tag) && tag !== '' ? tag : `inbox-${String(sno)}`,
  };
}

/** The notification a push shows: the payload's, or a plain one naming the console when it is unreadable. */
export function notificationOf(payload: InboxPushPayload | null): PushNotification {
  const base = { icon: ICONS.any192, badge: ICONS.badge };
  if (!payload) return { title: FALLBACK_TITLE, options: { ...base, body: '', data: { url: DEFAULT_CONSOLE_PATH, sno: null } } };
  return {
    title: payload.title,
    options: { ...base, body: payload.body, tag: payload.tag, data: { url: payload.url, sno: payload.sno } },
  };
}

/** The path a clicked notification opens, from the data it was shown with. */
export function clickPathOf(data: unknown): string {
  return consolePathOf(typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined);
}
