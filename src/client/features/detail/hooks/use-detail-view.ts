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

/** Auto-refresh alone (`refresh` in the URL), for screens without a range such as the traceroute history. */
export function useDetailRefresh(): Pick<DetailView, 'refresh' | 'setRefresh'> {
  const [searchParams, setSearchParams] = useSearchParams();
  const refresh = refreshFromSearch(searchParams);
  const setRefresh = useCallback(
    (next: DetailRefresh) => setSearchParams((current) => searchWithRefresh(current, next), { replace: true }),
    [setSearchParams],
  );
  return { refresh, setRefresh };
}

/** The range and auto-refresh live in the URL, so a reload or a shared link shows the same view. */
export function useDetailView(): DetailView {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = useMemo(() => rangeFromSearch(searchParams), [searchParams]);
  const { refresh, setRefresh } = useDetailRefresh();
  const setRange = useCallback(
    (next: DetailRange) => setSearchParams((current) => searchWithRange(current, next), { replace: true }),
    [setSearchParams],
  );
  return { range, refresh, setRange, setRefresh };
}
