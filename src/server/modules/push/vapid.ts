import { createECDH, createPrivateKey, sign, type KeyObject } from 'node:crypto';

/**
 * RFC 8292 VAPID: the server identifies itself to push services with an ES256-signed JWT whose
 * audience is the push service's origin, and its public key.
 */

/** Push services refuse tokens valid for more than 24 h; 12 h leaves room for clock skew. */
export const VAPID_TOKEN_LIFETIME_SECONDS = 12 * 3600;

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the console's applicationServerKey and the `k` parameter. */
  publicKey: string;
  privateKey: KeyObject;
}

const base64url = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');

/** The key pair from base64url text; throws when the private key does not give the public one. */
export function vapidKeysOf(publicKey: string, privateKey: string): VapidKeys {
  const d = Buffer.from(privateKey, 'base64url');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const derived = ecdh.getPublicKey();
  if (!derived.equals(Buffer.from(publicKey, 'base64url'))) throw new Error('the VAPID public key does not belong to the private key');
  const jwk = { kty: 'EC', crv: 'P-256', d: base64url(d), x: base64url(derived.subarray(1, 33)), y: base64url(derived.subarray(33)) };
  return { publicKey: base64url(derived), privateKey: createPrivateKey({ key: jwk, format: 'jwk' }) };
}

/** A new key pair as base64url text, the form web-push prints and the data dir keeps. */
export function generateVapidKeyText(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: base64url(ecdh.getPublicKey()), privateKey: base64url(ecdh.getPrivateKey()) };
}

export interface VapidClaims {
  /** The push service's origin (scheme, host, port). */
  audience: string;
  subject: string;
  nowMs: number;
}

/** The Authorization header value: `vapid t=<JWT>, k=<public key>`. */
export function vapidAuthorization(keys: VapidKeys, claims: VapidClaims): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'ES256' }));
  const exp = Math.floor(claims.nowMs / 1000) + VAPID_TOKEN_LIFETIME_SECONDS;
  const body = base64url(JSON.stringify({ aud: claims.audience, exp, sub: claims.subject }));
  const signature = sign('sha256', Buffer.from(`${header}.${body}`), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${header}.${body}.${base64url(signature)}, k=${keys.publicKey}`;
}
