import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { sslSearchParamsFromView, sslViewFromSearchParams, type SslListView } from '../ssl-view.js';

/** The SSL list's search, filters, sorting and page live in the URL, like the other lists. */
export function useSslView(): [SslListView, (next: SslListView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => sslViewFromSearchParams(searchParams), [searchParams]);
  const setView = useCallback((next: SslListView) => setSearchParams(sslSearchParamsFromView(next), { replace: true }), [setSearchParams]);
  return [view, setView];
}
