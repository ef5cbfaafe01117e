import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import type { InputErrorCode } from '../errors.js';
import { NoAnswer, NoBody, defineCall } from './define.js';

export { PUSH_MESSAGE_TYPE, inboxItemPath } from './push-message.js';

/**
 * Web push of inbox events (RFC 8030/8291/8292): the console subscribes this device with the
 * server's VAPID public key and hands the subscription over; the server pushes inbox events to it.
 */

const code = (value: InputErrorCode): string => String(value);

/** Longest endpoint URL accepted (the push services' are about 200-500 characters). */
export const PUSH_ENDPOINT_MAX = 2048;
/** Bytes of an uncompressed P-256 public key (0x04, x, y) and of the authentication secret. */
export const P256_PUBLIC_KEY_BYTES = 65;
export const PUSH_AUTH_SECRET_BYTES = 16;

/** Byte length of base64url text (padding optional); null when it is not base64url. */
export function base64UrlByteLength(text: string): number | null {
  const unpadded = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded) || unpadded.length % 4 === 1) return null;
  return Math.floor((unpadded.length * 3) / 4);
}

/** An uncompressed P-256 point: 65 bytes whose first is 0x04 (base64url "B…"). */
export function isP256PublicKeyText(text: string): boolean {
  return text.startsWith('B') && base64UrlByteLength(text) === P256_PUBLIC_KEY_BYTES;
}

export function isPushAuthSecretText(text: string): boolean {
  return base64UrlByteLength(text) === PUSH_AUTH_SECRET_BYTES;
}

/** An absolute https URL with a host and no credentials: the only kind a push service gives. */
export function isPushEndpointUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const endpointRule = z
  .string()
  .min(1, { message: code(10010002) })
  .max(PUSH_ENDPOINT_MAX, { message: code(10010005) })
  .refine(isPushEndpointUrl, { message: code(10010004) });

export const PushSubscribeBody = z.strictObject({
  endpoint: endpointRule,
  keys: z.strictObject({
    p256dh: z.string().refine(isP256PublicKeyText, { message: code(10010004) }),
    auth: z.string().refine(isPushAuthSecretText, { message: code(10010004) }),
  }),
  /** The console's language now: the pushes to this device are written in it. */
  language: z.enum(LANGUAGES),
});
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>;

export const PushEndpointBody = z.strictObject({ endpoint: endpointRule });
export type PushEndpointBody = z.infer<typeof PushEndpointBody>;

/** Without an endpoint (this browser holds no subscription) it still says whether the session may subscribe. */
export const PushStatusBody = z.strictObject({ endpoint: endpointRule.optional() });
export type PushStatusBody = z.infer<typeof PushStatusBody>;

export const PushKeyAnswer = z.object({
  /** The server's VAPID public key: an uncompressed P-256 point, base64url (applicationServerKey). */
  publicKey: z.string(),
});
export type PushKeyAnswer = z.infer<typeof PushKeyAnswer>;

export const PushStatusAnswer = z.object({
  /** False for an administrator viewing a customer: pushes go to the customer's own users. */
  allowed: z.boolean(),
  /** The endpoint is subscribed for the signed-in user. */
  subscribed: z.boolean(),
});
export type PushStatusAnswer = z.infer<typeof PushStatusAnswer>;

export const PushUnsubscribeAnswer = z.object({ removed: z.boolean() });
export type PushUnsubscribeAnswer = z.infer<typeof PushUnsubscribeAnswer>;

/**
 * What a push carries (encrypted): the inbox item and its texts in the subscription's language.
 * The service worker shows `title`/`body` and opens `url` on a click.
 */
export const PushPayload = z.object({
  kind: z.literal('inbox'),
  sno: z.number().int().nonnegative(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;

export const pushCalls = {
  pushKey: defineCall({
    method: 'POST',
    path: '/push/key',
    summary: "The server's VAPID public key, the applicationServerKey a device subscribes with.",
    body: NoBody,
    answer: PushKeyAnswer,
    access: 'session',
    mutation: false,
    silent: true,
  }),
  pushStatus: defineCall({
    method: 'POST',
    path: '/push/status',
    summary: "Whether this device's push endpoint is subscribed for the signed-in user, and whether the session may subscribe.",
    body: PushStatusBody,
    answer: PushStatusAnswer,
    access: 'session',
    mutation: false,
    silent: true,
  }),
  pushSubscribe: defineCall({
    method: 'POST',
    path: '/push/subscribe',
    summary:
      "Stores this device's push subscription for the signed-in user (an endpoint another user had moves to this one). The endpoint must be https and must not resolve to a private or loopback address.",
    body: PushSubscribeBody,
    answer: NoAnswer,
    access: 'session',
    mutation: true,
  }),
  pushUnsubscribe: defineCall({
    method: 'POST',
    path: '/push/unsubscribe',
    summary: "Removes the signed-in user's subscription of this endpoint; another user's is left alone (removed: false).",
    body: PushEndpointBody,
    answer: PushUnsubscribeAnswer,
    access: 'session',
    mutation: true,
  }),
} as const;
