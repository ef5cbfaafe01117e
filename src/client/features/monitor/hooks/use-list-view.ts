import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchParamsFromView, viewFromSearchParams, type MonitorListView } from '../list-view.js';

/** The list's search, filters, sorting, page, range and refresh live in the URL, so a reload or a shared link shows the same list. */
export function useListView(): [MonitorListView, (next: MonitorListView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => viewFromSearchParams(searchParams), [searchParams]);
  const setView = useCallback(
    (next: MonitorListView) => setSearchParams(searchParamsFromView(next), { replace: true }),
    [setSearchParams],
  );
  return [view, setView];
}
