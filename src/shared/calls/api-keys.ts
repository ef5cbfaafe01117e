import { z } from 'zod';
import { epochMsRule, requiredText } from '../validation/rules.js';
import { PathId, Timestamp } from './common.js';
import { NoBody, defineCall } from './define.js';

/**
 * API keys (/apimanager): a customer's keys for scripts, sent as `Authorization: Bearer <key>` on
 * the calls whose definition accepts them (`acceptsApiKey`). The secret is answered once, at
 * creation; the server keeps only its SHA-256. These calls are session-only: a key cannot list,
 * create or revoke keys. Creating and revoking are refused while an administrator views (2007).
 */

/** Every key starts so: scripts and secret scanners can tell a key from a session token. */
export const API_KEY_PREFIX = 'vgk_';
/** Longest key name, in code points. */
export const API_KEY_NAME_MAX = 50;
/** Most keys a customer may have active (neither revoked nor expired): 2036 beyond. */
export const API_KEYS_ACTIVE_MAX = 20;
/** Most keys the list answers, newest first (revoked and expired ones stay listed). */
export const API_KEYS_LISTED_MAX = 200;
/** A key may expire at most this far ahead (a longer life is "no expiry"). */
export const API_KEY_EXPIRY_MAX_DAYS = 3660;

export const API_KEY_SCOPES = ['read', 'readWrite'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

export const ApiKeyCreateBody = z.strictObject({
  name: z.string().trim().pipe(requiredText({ max: API_KEY_NAME_MAX })),
  /** read: only calls that change nothing; readWrite: every call a key may make. */
  scope: z.enum(API_KEY_SCOPES),
  /** Epoch ms after which the key is refused (2032); null or absent: no expiry. Must lie ahead (10010003). */
  expiresAt: epochMsRule.nullable().optional(),
});
export type ApiKeyCreateBody = z.input<typeof ApiKeyCreateBody>;

export const ApiKeyRevokeBody = z.strictObject({ id: PathId });
export type ApiKeyRevokeBody = z.input<typeof ApiKeyRevokeBody>;

export const ApiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  state: z.enum(API_KEY_STATES),
  /** The key's first characters (`vgk_` and 8 more), enough to tell keys apart, never enough to use one. */
  hint: z.string(),
  /** The user who created it; the key acts with that user's privileges. */
  createdBy: z.string(),
  createdAt: Timestamp,
  /** Recorded at most once a minute per key, so it may lag the last call by up to a minute. */
  lastUsedAt: Timestamp.nullable(),
  expiresAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;

export const ApiKeyListAnswer = z.object({
  items: z.array(ApiKeyRow),
  /** Keys that could be created now before API_KEYS_ACTIVE_MAX is reached. */
  remaining: z.number().int(),
});
export type ApiKeyListAnswer = z.infer<typeof ApiKeyListAnswer>;

export const ApiKeyCreateAnswer = z.object({
  key: ApiKeyRow,
  /** The whole key: answered this once and never again. */
  secret: z.string(),
});
export type ApiKeyCreateAnswer = z.infer<typeof ApiKeyCreateAnswer>;

export const apiKeyCalls = {
  apiKeyList: defineCall({
    method: 'POST',
    path: '/apikey/list',
    summary: "The customer's API keys, newest first, with their state, creator, last use and expiry; never their secrets.",
    body: NoBody,
    answer: ApiKeyListAnswer,
    access: 'session',
    mutation: false,
  }),
  apiKeyCreate: defineCall({
    method: 'POST',
    path: '/apikey/create',
    summary: 'Creates an API key acting with the signed-in user\'s privileges; answers its secret once. 2036 at the active-key limit.',
    body: ApiKeyCreateBody,
    answer: ApiKeyCreateAnswer,
    access: 'session',
    mutation: true,
  }),
  apiKeyRevoke: defineCall({
    method: 'POST',
    path: '/apikey/revoke',
    summary: "Revokes one of the customer's API keys at once (2001 when it is not theirs); revoking a revoked key changes nothing.",
    body: ApiKeyRevokeBody,
    answer: ApiKeyRow,
    access: 'session',
    mutation: true,
  }),
} as const;
