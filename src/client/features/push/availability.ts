/**
 * Whether this browser can receive web push from the console, and if not, why (pure; the browser
 * is read by `readPushEnvironment`).
 */

export type PushUnavailableReason = 'insecure' | 'iosHomeScreen' | 'iosTooOld' | 'unsupported' | 'denied';

export interface PushEnvironment {
  /** https (or localhost): service workers and push exist only there. */
  secureContext: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  permission: NotificationPermission | 'unknown';
  userAgent: string;
  maxTouchPoints: number;
  /** Opened as an installed app (Home Screen), not in a browser tab. */
  standalone: boolean;
}

/** iPhone, iPod, and iPad (which since iPadOS 13 says it is a Mac, but has a touch screen). */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

/** null when push can be offered; otherwise the first reason that stands in the way. */
export function pushUnavailableReason(env: PushEnvironment): PushUnavailableReason | null {
  if (!env.secureContext) return 'insecure';
  const apple = isAppleMobile(env.userAgent, env.maxTouchPoints);
  // Safari on iOS/iPadOS 16.4+ offers push only to a web app added to the Home Screen.
  if (apple && !env.standalone) return 'iosHomeScreen';
  const supported = env.hasServiceWorker && env.hasPushManager && env.hasNotification;
  if (!supported) return apple ? 'iosTooOld' : 'unsupported';
  if (env.permission === 'denied') return 'denied';
  return null;
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

export function readPushEnvironment(): PushEnvironment {
  const hasNotification = typeof Notification !== 'undefined';
  return {
    secureContext: window.isSecureContext,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification,
    permission: hasNotification ? Notification.permission : 'unknown',
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: isStandalone(),
  };
}
