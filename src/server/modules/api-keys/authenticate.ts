import type { FastifyReply } from 'fastify';
import { API_KEY_PREFIX } from '../../../shared/calls/api-keys.js';
import { acceptsApiKey, type CallDefinition } from '../../../shared/calls/define.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { hashToken } from '../../security/tokens.js';
import { findUserById, type UserAccessRow } from '../auth/account-repo.js';
import { principalOfUser } from '../auth/authenticate.js';
import { rateLimiterOf } from './rate-limit.js';
import { findKeyByHash, recordKeyUse, type ApiKeyDbRow } from './repo.js';
import { keyStateAt } from './service.js';

/** Last use is written at most this often per key: one write a minute, not one per call. */
export const LAST_USED_EVERY_MS = 60_000;

const MESSAGES = {
  2031: 'This API key was revoked.',
  2032: 'This API key has expired.',
  2033: 'This API key is read-only; the call changes data.',
  2034: 'API keys cannot make this call; it needs a signed-in session.',
  2035: 'Too many calls with this API key; see Retry-After.',
} as const;

const refusal = (code: keyof typeof MESSAGES) => new AppError(code, { message: MESSAGES[code] });

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

function assertKeyUsable(key: ApiKeyDbRow | undefined, now: number): asserts key is ApiKeyDbRow {
  if (!key) throw new AppError(401, { message: 'This API key is not known.' });
  const state = keyStateAt(key, now);
  if (state === 'revoked') throw refusal(2031);
  if (state === 'expired') throw refusal(2032);
}

/** The creator stops the key as they would stop a session: suspended (2005) or privilege deactivated (2006). */
function assertCreatorUsable(user: UserAccessRow | undefined, key: ApiKeyDbRow): asserts user is UserAccessRow {
  if (!user || user.cust_id !== key.cust_id) throw new AppError(401);
  if (user.status !== 'active') throw new AppError(2005, { message: 'The user who created this API key is suspended.' });
  if (user.customer_status !== 'active') throw new AppError(2005, { message: 'The customer of this API key is suspended.' });
  if (user.privilege_status !== 'active') throw new AppError(2006, { message: "The privilege of this API key's creator is deactivated." });
}

async function takeRate(ctx: ServerContext, key: ApiKeyDbRow, reply: FastifyReply): Promise<void> {
  const retryAfterSeconds = await rateLimiterOf(ctx).take(key.id);
  if (retryAfterSeconds === 0) return;
  void reply.header('Retry-After', String(retryAfterSeconds));
  throw refusal(2035);
}

/**
 * An API key as the caller of a session call: only on calls the call table lets keys make (2034),
 * while neither revoked (2031) nor expired (2032), its creator and customer active, within its rate
 * (2035, 429 with Retry-After) and scope (2033 for a read-only key on a mutation). The key acts with
 * its creator's roles and privileges as they are now.
 */
export async function authenticateApiKey(ctx: ServerContext, call: CallDefinition, token: string, reply: FastifyReply): Promise<Principal> {
  if (!acceptsApiKey(call)) throw refusal(2034);
  const now = ctx.now();
  const key = await findKeyByHash(ctx.db, hashToken(token));
  assertKeyUsable(key, now);
  const user = await findUserById(ctx.db, key.user_id);
  assertCreatorUsable(user, key);
  await takeRate(ctx, key, reply);
  if (call.mutation && key.scope === 'read') throw refusal(2033);
  if (key.last_used_at === null || now - key.last_used_at >= LAST_USED_EVERY_MS) await recordKeyUse(ctx.db, key.id, now);
  return { ...principalOfUser(user, null), apiKey: { id: key.id, scope: key.scope } };
}
