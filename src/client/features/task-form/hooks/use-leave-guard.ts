import { useCallback, useEffect, useRef } from 'react';
import type { ShouldBlock } from '../../../lib/blocking-history.js';
import { useNavigationBlock } from '../../../lib/use-navigation-block.js';

export interface LeaveGuard {
  /** A navigation away is waiting for the user's answer. */
  asking: boolean;
  stay: () => void;
  leave: () => void;
  /** Lets the next navigation through (after saving). */
  release: () => void;
}

/**
 * Asks before a dirty form is left: navigation inside the console waits for the user's answer,
 * a reload or a closed tab gets the browser's own question. Going to sign-in is never held up
 * (the session is ending and the screen goes anyway).
 */
export function useLeaveGuard(active: boolean): LeaveGuard {
  const activeRef = useRef(active);
  // Once saved, the form is being left for good: nothing more to ask.
  const releasedRef = useRef(false);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  const shouldBlock = useCallback<ShouldBlock>(
    ({ currentLocation, nextLocation }) =>
      activeRef.current &&
      !releasedRef.current &&
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useNavigationBlock(shouldBlock);

  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers still need returnValue set to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return {
    asking: blocker.held,
    stay: blocker.reset,
    leave: blocker.proceed,
    release: () => {
      releasedRef.current = true;
    },
  };
}
