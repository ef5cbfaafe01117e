import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchParamsFromView, viewFromSearchParams, type NodeListView } from '../node-filters.js';

/** The list's filters and page live in the URL, so a reload or a shared link shows the same list. */
export function useNodeListView(): [NodeListView, (next: NodeListView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => viewFromSearchParams(searchParams), [searchParams]);
  const setView = useCallback(
    (next: NodeListView) => setSearchParams(searchParamsFromView(next), { replace: true }),
    [setSearchParams],
  );
  return [view, setView];
}
