import { useCallback } from 'react';
import { endSessionAfterCleanup } from '../../../lib/session-end.js';
import { endSession } from '../../../lib/session-storage.js';
import { logout } from '../api.js';

/** A server that does not answer (offline, out of reach) must not hold the user in a session they left. */
const LOGOUT_WAIT_MS = 5_000;

/** Tells the server about the logout, waiting a few seconds at most; the session ends here whatever it answers. */
export function tellServerLogout(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOGOUT_WAIT_MS);
  });
  const told = logout().then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([told, waited]).finally(() => clearTimeout(timer));
}

/**
 * Logout (§4): the session's cleanup runs first while the token still works (persistence stopped,
 * queries cleared, the device's store wiped, push dropped, other tabs told), then the server is told
 * and the token goes; guards go to /login.
 */
export function useSignOut(): () => Promise<void> {
  return useCallback(
    () =>
      endSessionAfterCleanup({
        reason: 'logout',
        fromOtherTab: false,
        beforeTokenDrop: tellServerLogout,
        dropToken: () => endSession('signedOut'),
      }),
    [],
  );
}
