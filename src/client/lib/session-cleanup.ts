/**
 * What must happen when a session ends (logout, 401, another tab signing out), before the token
 * is dropped, in this order: stop writing the persisted cache, clear the in-memory queries, wipe
 * the persisted store, drop this device's push subscription, tell the other tabs. Features
 * register their step; the session code runs them all.
 */
export const CLEANUP_PHASES = ['stopPersistence', 'clearQueries', 'wipeStore', 'dropPush', 'tellTabs'] as const;
export type CleanupPhase = (typeof CLEANUP_PHASES)[number];

/**
 * Why the session ends. logout: the user signed out (everything of this browser goes).
 * unauthorized: the server refused the token (401). refused: the session could not be loaded.
 * otherTab: another tab ended or replaced the session.
 */
export type SessionEndReason = 'logout' | 'unauthorized' | 'refused' | 'otherTab';

export interface SessionEnd {
  reason: SessionEndReason;
  /** Another tab started this end and already told the others, dropped the push subscription and wiped. */
  fromOtherTab: boolean;
}

/** A step may ignore the end it is given (most do). */
export type CleanupStep = (end: SessionEnd) => Promise<void> | void;

/** A step that hangs (a push service or server that never answers) must not keep the session open. */
export const CLEANUP_STEP_LIMIT_MS = 3_000;

const stepsByPhase = new Map<CleanupPhase, Set<CleanupStep>>(CLEANUP_PHASES.map((phase) => [phase, new Set()]));

export function registerSessionCleanup(phase: CleanupPhase, step: CleanupStep): () => void {
  const steps = stepsByPhase.get(phase);
  steps?.add(step);
  return () => steps?.delete(step);
}

async function runStep(step: CleanupStep, end: SessionEnd): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLEANUP_STEP_LIMIT_MS);
  });
  try {
    await Promise.race([Promise.resolve().then(() => step(end)), limit]);
  } catch {
    // The session ends regardless; a step that could not finish leaves nothing a new user can read.
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every step phase by phase; one step failing (a store that cannot open) never stops the rest. */
export async function runSessionCleanup(end: SessionEnd = { reason: 'logout', fromOtherTab: false }): Promise<void> {
  for (const phase of CLEANUP_PHASES) {
    const steps = [...(stepsByPhase.get(phase) ?? [])];
    await Promise.all(steps.map((step) => runStep(step, end)));
  }
}
