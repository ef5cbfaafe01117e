import { useCallback } from 'react';
import { endSession } from '../../../lib/session-storage.js';
import { logout, managementPlatformUrl } from '../api.js';

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
    try {
      await logout();
    } catch {
      // The session ends on this side whatever the server answers.
    }
    endSession('signedOut');
    if (isWebUrl(url)) window.location.assign(url);
  }, []);
}
