import { useEffect, useRef } from 'react';

/**
 * Scrolls a row of tabs (not the page) so the current tab (`aria-current="page"`) is in view,
 * centred when the row allows; after the paint, since reading sizes before it would force a layout
 * of the whole first screen. The task lists' and alert rules' type tabs use it.
 */
export function useCurrentTabInView(current: unknown) {
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = navRef.current;
    const tab = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !tab) return;
    nav.scrollLeft = tab.offsetLeft - (nav.clientWidth - tab.offsetWidth) / 2;
  }, [current]);
  return navRef;
}
