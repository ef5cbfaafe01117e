import { useCallback } from 'react';
import { endSessionAfterCleanup } from '../../../lib/session-end.js';
import { endSession } from '../../../lib/session-storage.js';
import { managementPlatformUrl } from '../api.js';
import { tellServerLogout } from './use-sign-out.js';

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Administrator leaves the customer's console for the management platform (§4). */
export function useReturnToPlatform(): () => Promise<void> {
  return useCallback(async () => {
    let url: string;
    try {
      ({ url } = await managementPlatformUrl());
    } catch {
      return; // the failure is already notified; the administrator stays
    }
    // Leaving is a logout: the same cleanup runs before the token goes.
    await endSessionAfterCleanup({ reason: 'logout', fromOtherTab: false, beforeTokenDrop: tellServerLogout, dropToken: () => endSession('signedOut') });
    if (isWebUrl(url)) window.location.assign(url);
  }, []);
}
