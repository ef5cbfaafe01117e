import { useEffect } from 'react';
import { LIMITS } from '../../shared/index.js';
import { notify } from '../components/notification-store.js';
import { onApiEvent } from '../lib/api-events.js';
import type { ApiFailure } from '../lib/api-failure.js';
import { errorText } from '../lib/error-text.js';
import { i18nTranslator } from '../lib/i18n.js';
import { getConnection, isUnreachableFailure, problemOf } from '../lib/offline/connection.js';
import { endSessionAfterCleanup, isSessionEnding } from '../lib/session-end.js';
import { endSession, getSessionState } from '../lib/session-storage.js';

/** Once the offline banner says the server is out of reach, each further call failing for it is no news. */
function toldByBanner(failure: ApiFailure): boolean {
  return isUnreachableFailure(failure) && problemOf(getConnection()) !== null;
}

/**
 * Turns api client events into notifications (§8) and ends the session on a 401, 2005 or 2006 (§4): the
 * session's cleanup runs first (persistence stopped, queries cleared, store wiped, push dropped,
 * tabs told, a matter of milliseconds), then token and state go, the 401 notice (or the suspension's
 * or deactivation's) shows, and after
 * 2 s the guards move to /login.
 */
export function ApiEventBridge() {
  useEffect(() => {
    const timers: number[] = [];
    const unsubscribe = onApiEvent((event) => {
      if (event.type === 'failure') {
        if (!toldByBanner(event.failure)) notify(errorText(event.failure, i18nTranslator));
        return;
      }
      // Only the first 401 of a session counts; the calls in flight with it (the cleanup's own too) are moot.
      if (getSessionState().token !== event.token || isSessionEnding()) return;
      const expire = () => {
        endSession('expiring');
        // An operator's suspension or deactivation says so (2005, 2006); anything else is the 401 text.
        notify(i18nTranslator.t(`errors:${event.endCode ?? 401}`));
        timers.push(
          window.setTimeout(() => {
            if (getSessionState().phase === 'expiring') endSession('signedOut');
          }, LIMITS.unauthorizedRedirectMs),
        );
      };
      void endSessionAfterCleanup({ reason: 'unauthorized', fromOtherTab: false, dropToken: expire });
    });
    return () => {
      unsubscribe();
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);
  return null;
}
