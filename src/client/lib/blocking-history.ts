import type { HistoryRouterProps, Location, To } from 'react-router-dom';

/** react-router's history: what `unstable_HistoryRouter` renders from. */
export type RouterHistory = HistoryRouterProps['history'];
type Update = Parameters<Parameters<RouterHistory['listen']>[0]>[0];

/** Whether going from the shown location to the next one must wait for the user's answer. */
export type ShouldBlock = (args: { currentLocation: Location; nextLocation: Pick<Location, 'pathname' | 'search' | 'hash'> }) => boolean;

/** A navigation held back: `proceed` lets it through, `reset` stays where the user is. */
export interface HeldNavigation {
  proceed: () => void;
  reset: () => void;
}

export interface BlockingHistory extends RouterHistory {
  /** One blocker at a time (a later one replaces it); answers the function that takes it away. */
  block(shouldBlock: ShouldBlock, onHeld: (held: HeldNavigation) => void): () => void;
}

interface Blocker {
  shouldBlock: ShouldBlock;
  onHeld: (held: HeldNavigation) => void;
}

/**
 * A history whose navigations can wait for the user (a dirty form asking before it is left), as
 * the data router's useBlocker does, for the declarative router the console renders (the data
 * router costs about 16 KB gzip of the first screen's JavaScript). A push or replace that is held
 * is simply not done until `proceed`; a held back/forward is undone at once (history.go the other
 * way) and redone on `proceed`.
 */
export function blockingHistory(base: RouterHistory): BlockingHistory {
  let blocker: Blocker | null = null;
  // The location react-router shows: during a back/forward the browser's is already the next one.
  let shown = base.location;
  // The popstate our own undo causes is not a navigation of the user's.
  let ignoreNextPop = false;
  // The popstate of a held back/forward let through: asked about already.
  let passNextPop = false;

  const held = (nextTo: To, go: () => void): boolean => {
    if (!blocker?.shouldBlock({ currentLocation: shown, nextLocation: base.encodeLocation(nextTo) })) return false;
    blocker.onHeld({ proceed: go, reset: () => undefined });
    return true;
  };

  const heldPop = (update: Update): boolean => {
    const delta = update.delta;
    if (delta === null || delta === 0 || !blocker?.shouldBlock({ currentLocation: shown, nextLocation: update.location })) return false;
    ignoreNextPop = true;
    base.go(-delta);
    blocker.onHeld({
      proceed: () => {
        passNextPop = true;
        base.go(delta);
      },
      reset: () => undefined,
    });
    return true;
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push(to, state) {
      if (!held(to, () => base.push(to, state))) base.push(to, state);
    },
    replace(to, state) {
      if (!held(to, () => base.replace(to, state))) base.replace(to, state);
    },
    go: (delta) => base.go(delta),
    listen(listener) {
      return base.listen((update) => {
        if (ignoreNextPop) {
          ignoreNextPop = false;
          return;
        }
        const asked = passNextPop;
        passNextPop = false;
        if (update.action === 'POP' && !asked && heldPop(update)) return;
        shown = update.location;
        listener(update);
      });
    },
    block(shouldBlock, onHeld) {
      const own: Blocker = { shouldBlock, onHeld };
      blocker = own;
      return () => {
        if (blocker === own) blocker = null;
      };
    },
  };
}
