import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A list's view kept in the URL, so a reload or a shared link shows the same list. */
export function useUrlView<View>(read: (params: URLSearchParams) => View, write: (view: View) => URLSearchParams): [View, (next: View) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => read(searchParams), [read, searchParams]);
  const setView = useCallback((next: View) => setSearchParams(write(next), { replace: true }), [setSearchParams, write]);
  return [view, setView];
}
