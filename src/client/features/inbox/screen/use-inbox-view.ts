import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { inboxViewOf, inboxViewParams, type InboxScreenView } from './screen-view.js';

/** The screen's view kept in the URL, so a reload or a shared link (`?sno=`) shows the same. */
export function useInboxView(): [InboxScreenView, (next: InboxScreenView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => inboxViewOf(searchParams), [searchParams]);
  const setView = useCallback((next: InboxScreenView) => setSearchParams(inboxViewParams(next), { replace: true }), [setSearchParams]);
  return [view, setView];
}
