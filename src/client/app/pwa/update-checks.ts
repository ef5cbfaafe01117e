/**
 * When an open console asks the server whether a new version exists: every hour, and when the
 * page becomes visible again (a phone unlocked, a tab brought back) unless it asked a few minutes ago.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const VISIBLE_CHECK_GAP_MS = 5 * 60 * 1000;

export interface UpdateChecks {
  onInterval: () => void;
  onVisible: () => void;
}

/** `check` is the registration's update(); offline it is skipped (it could only fail). */
export function createUpdateChecks(check: () => Promise<unknown>, isOnline: () => boolean, now: () => number = Date.now): UpdateChecks {
  let lastAt = now();
  const run = () => {
    if (!isOnline()) return;
    lastAt = now();
    check().catch(() => undefined);
  };
  return {
    onInterval: run,
    onVisible: () => {
      if (now() - lastAt >= VISIBLE_CHECK_GAP_MS) run();
    },
  };
}
