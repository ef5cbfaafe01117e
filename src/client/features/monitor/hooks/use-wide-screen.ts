import { useSyncExternalStore } from 'react';
import { WIDE_SCREEN_QUERY as WIDE } from '../../../lib/list-layout.js';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for the table; only one of table and cards is rendered. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches, () => true);
}
