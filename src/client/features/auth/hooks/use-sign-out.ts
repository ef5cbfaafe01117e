import { useCallback } from 'react';
import { endSession } from '../../../lib/session-storage.js';
import { logout } from '../api.js';

/** Logout (§4): tell the server, then clear the token (which clears every cached answer); guards go to /login. */
export function useSignOut(): () => Promise<void> {
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The session ends on this side whatever the server answers.
    }
    endSession('signedOut');
  }, []);
}
