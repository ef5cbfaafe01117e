import { describe, expect, it } from 'vitest';
import { isAppleMobile, pushUnavailableReason, type PushEnvironment } from '../../../src/client/features/push/availability.js';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const capable: PushEnvironment = {
  secureContext: true,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  permission: 'default',
  userAgent: CHROME_ANDROID,
  maxTouchPoints: 5,
  standalone: false,
};

describe('push availability', () => {
  it('is offered where the browser has service workers, PushManager and notifications, in a tab or installed', () => {
    expect(pushUnavailableReason(capable)).toBeNull();
    expect(pushUnavailableReason({ ...capable, standalone: true, permission: 'granted' })).toBeNull();
  });

  it('needs https first of all', () => {
    expect(pushUnavailableReason({ ...capable, secureContext: false, hasServiceWorker: false })).toBe('insecure');
  });

  it('on iPhone and iPad in a browser tab asks for the Home Screen app, whatever the tab offers', () => {
    const iphoneTab = { ...capable, userAgent: IPHONE, hasPushManager: false, hasNotification: false };
    expect(pushUnavailableReason(iphoneTab)).toBe('iosHomeScreen');
    expect(pushUnavailableReason({ ...iphoneTab, userAgent: IPAD_AS_MAC })).toBe('iosHomeScreen');
  });

  it('in the installed app on iOS before 16.4 (no PushManager) says the version is too old; from 16.4 offers it', () => {
    const installed = { ...capable, userAgent: IPHONE, standalone: true };
    expect(pushUnavailableReason({ ...installed, hasPushManager: false, hasNotification: false })).toBe('iosTooOld');
    expect(pushUnavailableReason(installed)).toBeNull();
  });

  it('says unsupported when a piece is missing elsewhere', () => {
    expect(pushUnavailableReason({ ...capable, hasPushManager: false })).toBe('unsupported');
    expect(pushUnavailableReason({ ...capable, hasNotification: false })).toBe('unsupported');
    expect(pushUnavailableReason({ ...capable, hasServiceWorker: false })).toBe('unsupported');
  });

  it('says how to re-enable when the permission was denied', () => {
    expect(pushUnavailableReason({ ...capable, permission: 'denied' })).toBe('denied');
  });

  it('tells an iPad that says it is a Mac by its touch screen, and a Mac by its lack of one', () => {
    expect(isAppleMobile(IPAD_AS_MAC, 5)).toBe(true);
    expect(isAppleMobile(IPAD_AS_MAC, 0)).toBe(false);
    expect(isAppleMobile(IPHONE, 5)).toBe(true);
    expect(isAppleMobile(CHROME_ANDROID, 5)).toBe(false);
  });
});
