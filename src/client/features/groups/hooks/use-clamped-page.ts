import { useEffect } from 'react';
import { clampedPage, withPage, type GroupListView } from '../list-view.js';

/** A page past the end (after deleting its last rows, an old link) moves to the last page. */
export function useClampedPage(view: GroupListView, total: number | undefined, setView: (view: GroupListView) => void): void {
  useEffect(() => {
    if (total === undefined) return;
    const page = clampedPage(view, total);
    if (page !== view.page) setView(withPage(view, page));
  }, [view, total, setView]);
}
