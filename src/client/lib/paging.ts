/** What paging needs of a list's view (the task, SSL, group and node lists all keep these in the URL). */
export interface PagedView {
  page: number;
  pageSize: number;
}

/** How many pages `total` rows fill: at least one, so an empty list still has its page 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page to show for a total: a page past the end (after deleting its last rows, an old link) becomes the last one. */
export function clampedPage(view: PagedView, total: number): number {
  return Math.min(view.page, pageCount(total, view.pageSize));
}
