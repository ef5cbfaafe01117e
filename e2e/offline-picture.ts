import { expect, type BrowserContext, type Page } from '@playwright/test';

/** What a page saw of the kept picture of its list at its start, from its first script on. */
export interface PictureWatch {
  /** Rows the painted picture showed, by name, with their words. */
  paintedRows: Record<string, string>;
  /** Where each row stood (top and height, px) in the picture and then in React's first frame. */
  paintedBoxes: Record<string, [number, number]>;
  drawnBoxes: Record<string, [number, number]>;
  /** A moment with the picture's rows and React's together (duplicates). */
  sawBoth: boolean;
  /** A moment without any row after the first had shown (a flash). */
  sawNeither: boolean;
  /** React's rows replaced the picture. */
  replaced: boolean;
}

// Runs in the page (serialized by Playwright): no outer references.
function watchPicture(): void {
  const watch: PictureWatch = { paintedRows: {}, paintedBoxes: {}, drawnBoxes: {}, sawBoth: false, sawNeither: false, replaced: false };
  const boxesOf = (rows: Element[]): Record<string, [number, number]> =>
    Object.fromEntries(rows.map((row) => [row.getAttribute('aria-label') ?? '', [row.getBoundingClientRect().top, row.getBoundingClientRect().height] as [number, number]]));
  (window as unknown as { pictureWatch: PictureWatch }).pictureWatch = watch;
  let rowsShown = false;
  const observer = new MutationObserver(() => {
    const painted = [...document.querySelectorAll<HTMLElement>('#vigil-picture [data-task-id]')];
    const drawnRows = [...document.querySelectorAll('#root [data-task-id]')];
    const drawn = drawnRows.length;
    if (painted.length > 0 && Object.keys(watch.paintedRows).length === 0) {
      for (const row of painted) watch.paintedRows[row.getAttribute('aria-label') ?? ''] = row.innerText;
      watch.paintedBoxes = boxesOf(painted);
    }
    if (painted.length > 0 && drawn > 0) watch.sawBoth = true;
    if (rowsShown && painted.length === 0 && drawn === 0) watch.sawNeither = true;
    if (painted.length + drawn > 0) rowsShown = true;
    if (drawn > 0 && painted.length === 0) {
      watch.replaced = true;
      watch.drawnBoxes = boxesOf(drawnRows);
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

export async function watchPictureAtStart(context: BrowserContext): Promise<void> {
  await context.addInitScript(watchPicture);
}

export function pictureWatchOf(page: Page): Promise<PictureWatch | undefined> {
  return page.evaluate(() => (window as unknown as { pictureWatch?: PictureWatch }).pictureWatch);
}

/** Waits until the device keeps a picture of the list for the next start (taken a moment after its rows are drawn). */
export async function expectPictureKept(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('vigil.offline.picture') !== null), { timeout: 20_000 }).toBe(true);
}
