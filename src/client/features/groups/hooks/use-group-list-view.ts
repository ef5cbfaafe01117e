import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchParamsFromView, viewFromSearchParams, type GroupListView } from '../list-view.js';

/** The list's search, sorting and page live in the URL (other parameters, such as the tab, are kept). */
export function useGroupListView(): [GroupListView, (next: GroupListView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => viewFromSearchParams(searchParams), [searchParams]);
  const setView = useCallback(
    (next: GroupListView) => setSearchParams((current) => searchParamsFromView(next, current), { replace: true }),
    [setSearchParams],
  );
  return [view, setView];
}
