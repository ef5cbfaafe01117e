import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

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

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      activeRef.current &&
      !releasedRef.current &&
      nextLocation.pathname !== '/login' &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

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
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    release: () => {
      releasedRef.current = true;
    },
  };
}
