import { useCallback } from 'react';
import { useUrlView } from '../../../lib/use-url-view.js';
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

interface RangeAndRefresh {
  range: DetailRange;
  refresh: DetailRefresh;
}

const readRefresh = (params: URLSearchParams): DetailRefresh => refreshFromSearch(params);
const writeRefresh = (refresh: DetailRefresh, current: URLSearchParams) => searchWithRefresh(current, refresh);
const readRangeAndRefresh = (params: URLSearchParams): RangeAndRefresh => ({ range: rangeFromSearch(params), refresh: refreshFromSearch(params) });
const writeRangeAndRefresh = (view: RangeAndRefresh, current: URLSearchParams) => searchWithRefresh(searchWithRange(current, view.range), view.refresh);

/** Auto-refresh alone (`refresh` in the URL), for screens without a range such as the traceroute history. */
export function useDetailRefresh(): Pick<DetailView, 'refresh' | 'setRefresh'> {
  const [refresh, setRefresh] = useUrlView(readRefresh, writeRefresh);
  return { refresh, setRefresh };
}

/**
 * The range and auto-refresh live in the URL, so a reload or a shared link shows the same view. One view for both,
 * each setter building on the newest one: a range change still waiting for its data must not be undone by a refresh
 * change made meanwhile (see `useUrlView`).
 */
export function useDetailView(): DetailView {
  const [view, setView] = useUrlView(readRangeAndRefresh, writeRangeAndRefresh);
  const setRange = useCallback((range: DetailRange) => setView((latest) => ({ ...latest, range })), [setView]);
  const setRefresh = useCallback((refresh: DetailRefresh) => setView((latest) => ({ ...latest, refresh })), [setView]);
  return { range: view.range, refresh: view.refresh, setRange, setRefresh };
}
