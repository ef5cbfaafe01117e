import { useEffect } from 'react';
import { LIMITS } from '../../shared/index.js';
import { notify } from '../components/notification-store.js';
import { onApiEvent } from '../lib/api-events.js';
import { errorText } from '../lib/error-text.js';
import { i18nTranslator } from '../lib/i18n.js';
import { endSession, getSessionState } from '../lib/session-storage.js';

/**
 * Turns api client events into notifications (§8) and ends the session on a 401 (§4): token and
 * state go at once, the 401 notice shows, and after 2 s the guards move to /login.
 */
export function ApiEventBridge() {
  useEffect(() => {
    const timers: number[] = [];
    const unsubscribe = onApiEvent((event) => {
      if (event.type === 'failure') {
        notify(errorText(event.failure, i18nTranslator));
        return;
      }
      // Only the first 401 of a session counts; the calls that were in flight with it are moot.
      if (getSessionState().token !== event.token) return;
      endSession('expiring');
      notify(i18nTranslator.t('errors:401'));
      timers.push(
        window.setTimeout(() => {
          if (getSessionState().phase === 'expiring') endSession('signedOut');
        }, LIMITS.unauthorizedRedirectMs),
      );
    });
    return () => {
      unsubscribe();
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);
  return null;
}
