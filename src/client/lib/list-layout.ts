/**
 * What decides a task list's first frame, shared by the list and the page's kept picture of it
 * (lib/offline/screen-picture.ts), which must draw what the list's first frame will draw.
 */

/** Tailwind's `lg`: from here a list is a table, below it cards. */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

/** The shortest a row gets: a table row is 45-55 px high, a card more. */
const SHORTEST_ROW_PX = 45;
/** The least that stands above the first row at the top of the page: top bar, type tabs, title, filters, table head. */
const ABOVE_FIRST_ROW_PX = 360;
const FEWEST_FIRST_PASS_ROWS = 5;

/**
 * As many rows as the window can show (at 1440×900 a wide list shows 8, this renders 12); each row
 * beyond the screen would only delay the first paint of those on it.
 */
export function firstPassRows(windowHeight: number): number {
  return Math.max(FEWEST_FIRST_PASS_ROWS, Math.ceil((windowHeight - ABOVE_FIRST_ROW_PX) / SHORTEST_ROW_PX));
}
