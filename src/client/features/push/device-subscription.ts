import type { Language, PushSubscribeBody } from '../../../shared/index.js';

/**
 * This browser's push subscription, through the console's service worker registration. Under the
 * dev server, in tests, or before the worker is installed there is none: every function copes.
 */

/** How long to wait for a registered worker to become active before giving up. */
const READY_WAIT_MS = 10_000;
/**
 * The browser asks its push service (FCM, Mozilla's, Apple's). Where that is blocked (mainland
 * China for FCM) Chromium waits 25 s and more before failing: the console gives up sooner.
 */
export const SUBSCRIBE_WAIT_MS = 10_000;

/** The browser's push service did not answer in time: likely unreachable from this network. */
export class PushServiceTimeout extends Error {
  constructor(readonly waitedMs: number) {
    super(`the push service did not answer in ${waitedMs} ms`);
    this.name = 'PushServiceTimeout';
  }
}

function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushServiceTimeout(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The console's active service worker registration, or null when none is registered (yet). */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  if (registration.active) return registration;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READY_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The subscription this browser holds now, without waiting for a worker that is not there. */
export async function existingSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** base64url text (the server's VAPID key) as the bytes `applicationServerKey` takes. */
export function applicationServerKeyOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** What the server stores, from the subscription's JSON form; null when the browser gave no keys. */
export function subscribeBodyOf(json: PushSubscriptionJSON, language: Language): PushSubscribeBody | null {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, language };
}

/** Whether a subscription was made with this server key (a new server key needs a new subscription). */
export function usesServerKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const held = new Uint8Array(key);
  const wanted = applicationServerKeyOf(publicKey);
  return held.length === wanted.length && held.every((byte, index) => byte === wanted[index]);
}

/**
 * Subscribes this browser with the server's key, replacing a subscription made with another key;
 * rejects with PushServiceTimeout when the push service does not answer within SUBSCRIBE_WAIT_MS.
 */
export async function subscribeDevice(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const current = await registration.pushManager.getSubscription();
  if (current && usesServerKey(current, publicKey)) return current;
  await current?.unsubscribe();
  const subscribing = registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKeyOf(publicKey) });
  return withinTime(subscribing, SUBSCRIBE_WAIT_MS);
}
