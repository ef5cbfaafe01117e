import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { translogViewOf, translogViewParams, type TranslogView } from '../translog-view.js';

/** The points log's view kept in the URL, so a reload or a shared link shows the same rows. */
export function useTranslogView(): [TranslogView, (next: TranslogView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => translogViewOf(searchParams), [searchParams]);
  const setView = useCallback((next: TranslogView) => setSearchParams(translogViewParams(next), { replace: true }), [setSearchParams]);
  return [view, setView];
}
