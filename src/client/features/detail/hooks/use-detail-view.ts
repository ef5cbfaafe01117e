import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  rangeFromSearch,
  refreshFromSearch,
  searchWithRange,
  searchWithRefresh,
  type DetailRange,
  type DetailRefresh,
} from '../detail-range.js';

export interface DetailView {
  range: DetailRange;
  refresh: DetailRefresh;
  setRange: (range: DetailRange) => void;
  setRefresh: (refresh: DetailRefresh) => void;
}

/** The range and auto-refresh live in the URL, so a reload or a shared link shows the same view. */
export function useDetailView(): DetailView {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = useMemo(() => rangeFromSearch(searchParams), [searchParams]);
  const refresh = refreshFromSearch(searchParams);
  const setRange = useCallback(
    (next: DetailRange) => setSearchParams((current) => searchWithRange(current, next), { replace: true }),
    [setSearchParams],
  );
  const setRefresh = useCallback(
    (next: DetailRefresh) => setSearchParams((current) => searchWithRefresh(current, next), { replace: true }),
    [setSearchParams],
  );
  return { range, refresh, setRange, setRefresh };
}
