import { createContext, useContext, useEffect, useState } from 'react';
import type { BlockingHistory, HeldNavigation, ShouldBlock } from './blocking-history.js';

/** The console's history (app/router.tsx); none outside it (a test's MemoryRouter: nothing is held). */
export const BlockingHistoryContext = createContext<BlockingHistory | null>(null);

export interface NavigationBlock {
  /** A navigation is waiting for the user's answer. */
  held: boolean;
  proceed: () => void;
  reset: () => void;
}

/** Holds navigations `shouldBlock` picks until the user answers (keep `shouldBlock` stable: a new one re-registers). */
export function useNavigationBlock(shouldBlock: ShouldBlock): NavigationBlock {
  const history = useContext(BlockingHistoryContext);
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  useEffect(() => history?.block(shouldBlock, setHeld), [history, shouldBlock]);
  return {
    held: held !== null,
    proceed: () => {
      setHeld(null);
      held?.proceed();
    },
    reset: () => {
      setHeld(null);
      held?.reset();
    },
  };
}
