import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A new view, or how to make it from the newest one (use this form whenever the next view derives from the current). */
export type ViewUpdate<View> = View | ((latest: View) => View);

/** Writes a view as the URL's parameters; `current` holds the newest parameters, for hooks that keep ones they don't own. */
export type ViewWriter<View> = (view: View, current: URLSearchParams) => URLSearchParams;

/**
 * A screen's view kept in the URL, so a reload or a shared link shows the same.
 * react-router applies navigations in a transition, so two changes before the next render would both start from
 * the rendered URL and the second would drop the first: the setter builds on the parameters it last wrote instead.
 * When the router hands over new parameters they become the base again, unless they are one of our own writes with
 * later ones still on their way (a navigation from elsewhere, e.g. a link or Back, always wins).
 */
export function useUrlView<View>(read: (params: URLSearchParams) => View, write: ViewWriter<View>): [View, (update: ViewUpdate<View>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const arrived = pending.current.indexOf(searchParams.toString());
    pending.current = arrived === -1 ? [] : pending.current.slice(arrived + 1);
    if (pending.current.length === 0) latest.current = searchParams;
  }, [searchParams]);
  const view = useMemo(() => read(searchParams), [read, searchParams]);
  const setView = useCallback(
    (update: ViewUpdate<View>) => {
      const next = typeof update === 'function' ? (update as (latest: View) => View)(read(latest.current)) : update;
      const params = write(next, new URLSearchParams(latest.current));
      if (params.toString() === latest.current.toString()) return;
      latest.current = params;
      pending.current.push(params.toString());
      setSearchParams(params, { replace: true });
    },
    [read, write, setSearchParams],
  );
  return [view, setView];
}
