import type { SessionIdentity } from './persist-policy.js';

/**
 * The identity the stored token belongs to, kept beside the token, so a cold start without network
 * knows whose last-known answers to open before any call could say who is signed in. It names the
 * token it belongs to by a fingerprint: an identity left by another token is never used.
 */
const IDENTITY_KEY = 'vigil.offline.identity';

interface StoredIdentity extends SessionIdentity {
  token: string;
}

/** A short fingerprint (53-bit cyrb53) of the token: enough to tell tokens apart, not to recover one. */
export function tokenFingerprint(token: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export type IdentityStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): IdentityStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isStoredIdentity(value: unknown): value is StoredIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<StoredIdentity>;
  return typeof record.token === 'string' && Number.isInteger(record.custId) && Number.isInteger(record.userId);
}

/** The identity stored for this token, or null (none, unreadable, or another token's). */
export function readIdentity(token: string, storage: IdentityStorage | null = browserStorage()): SessionIdentity | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(IDENTITY_KEY) ?? 'null');
    if (!isStoredIdentity(parsed) || parsed.token !== tokenFingerprint(token)) return null;
    return { custId: parsed.custId, userId: parsed.userId };
  } catch {
    return null;
  }
}

export function writeIdentity(token: string, identity: SessionIdentity, storage: IdentityStorage | null = browserStorage()): void {
  const stored: StoredIdentity = { token: tokenFingerprint(token), custId: identity.custId, userId: identity.userId };
  try {
    storage?.setItem(IDENTITY_KEY, JSON.stringify(stored));
  } catch {
    // Without storage a cold start cannot find the entry; the console still works online.
  }
}

export function forgetIdentity(storage: IdentityStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(IDENTITY_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

const listeners = new Set<(identity: SessionIdentity) => void>();

/** The session gate loaded who is signed in with this token: persistence may start for them. */
export function announceSignedIn(token: string, identity: SessionIdentity): void {
  writeIdentity(token, identity);
  for (const listener of listeners) listener(identity);
}

export function onSignedIn(listener: (identity: SessionIdentity) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
