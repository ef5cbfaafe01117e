import { runSessionCleanup, type SessionEnd } from './session-cleanup.js';

let ending: Promise<void> | null = null;

/** True while a session end runs its cleanup: a 401 answered to the cleanup's own calls is no new end. */
export function isSessionEnding(): boolean {
  return ending !== null;
}

export interface SessionEndPlan extends SessionEnd {
  /** Runs after the cleanup, while the token is still held (e.g. telling the server about the logout). */
  beforeTokenDrop?: () => Promise<void>;
  /** Drops the token (or adopts the other tab's); runs last. */
  dropToken: () => void;
}

/**
 * Ends the session once: every cleanup step (persistence stopped, queries cleared, store wiped,
 * push dropped, tabs told) runs before the token goes. A second end asked for meanwhile joins the
 * first one instead of running the steps again.
 */
export function endSessionAfterCleanup(plan: SessionEndPlan): Promise<void> {
  ending ??= (async () => {
    try {
      await runSessionCleanup({ reason: plan.reason, fromOtherTab: plan.fromOtherTab });
      await plan.beforeTokenDrop?.().catch(() => undefined);
    } finally {
      ending = null;
      plan.dropToken();
    }
  })();
  return ending;
}
