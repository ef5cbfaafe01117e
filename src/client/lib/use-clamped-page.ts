import { useEffect } from 'react';
import { clampedPage, type PagedView } from './paging.js';
import type { ViewUpdate } from './use-url-view.js';

/**
 * A page past the end (after deleting its last rows, an old link, fewer rows now) moves to the last
 * page. `total` is undefined while it is not known (no answer yet, or the previous page's).
 */
export function useClampedPage<View extends PagedView>(
  view: View,
  total: number | undefined,
  setView: (update: ViewUpdate<View>) => void,
  withPage: (view: View, page: number) => View,
): void {
  useEffect(() => {
    if (total === undefined) return;
    const page = clampedPage(view, total);
    if (page !== view.page) setView((latest) => withPage(latest, page));
  }, [view, total, setView, withPage]);
}
