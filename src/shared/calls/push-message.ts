// The push constants the console's first screen reads, apart from the push schemas (no zod).

/** What the service worker posts to every console window for each push: `{type, payload}`. */
export const PUSH_MESSAGE_TYPE = 'vigil:push';

/** Where an inbox item opens in the console: any signed-in route with `?inbox=<sno>` shows it in the bell. */
export function inboxItemPath(sno: string | number): string {
  return `/overview?inbox=${encodeURIComponent(String(sno))}`;
}
