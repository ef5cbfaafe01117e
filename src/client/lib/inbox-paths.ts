/** The inbox screen; `?sno=<sno>` opens that item's detail (the bell's "see all" and the import screen link here). */
export const INBOX_SCREEN_PATH = '/inbox';
export const INBOX_ITEM_PARAM = 'sno';

/** The inbox screen with one item's detail open. */
export function inboxItemScreenPath(sno: string): string {
  return `${INBOX_SCREEN_PATH}?${new URLSearchParams({ [INBOX_ITEM_PARAM]: sno }).toString()}`;
}
