import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  API_KEY_EXPIRY_MAX_DAYS,
  API_KEY_PREFIX,
  API_KEYS_ACTIVE_MAX,
  API_KEYS_LISTED_MAX,
  type ApiKeyCreateAnswer,
  ApiKeyCreateBody,
  type ApiKeyListAnswer,
  type ApiKeyRow,
  type ApiKeyState,
} from '../../../shared/calls/api-keys.js';
import type { Principal, ServerContext } from '../../context.js';
import { isoTime, isoTimeOrNull } from '../../db/columns.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { hashToken } from '../../security/tokens.js';
import { countActiveKeys, findCustomerKey, insertKey, listCustomerKeys, revokeCustomerKey, type ApiKeyDbRow, type ApiKeyListedRow } from './repo.js';

const DAY_MS = 24 * 3600 * 1000;
/** Characters of the random part shown as the key's hint: 48 of its 256 bits, the rest stays secret. */
const HINT_LENGTH = 8;

export function keyStateAt(row: Pick<ApiKeyDbRow, 'revoked_at' | 'expires_at'>, now: number): ApiKeyState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return 'active';
}

function keyRow(row: ApiKeyListedRow, now: number): ApiKeyRow {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    state: keyStateAt(row, now),
    hint: row.hint,
    createdBy: row.created_by,
    createdAt: isoTime(row.created_at),
    lastUsedAt: isoTimeOrNull(row.last_used_at),
    expiresAt: isoTimeOrNull(row.expires_at),
    revokedAt: isoTimeOrNull(row.revoked_at),
  };
}

export async function listApiKeys(ctx: ServerContext, principal: Principal): Promise<ApiKeyListAnswer> {
  const now = ctx.now();
  const [rows, active] = await Promise.all([
    listCustomerKeys(ctx.db, principal.custId, API_KEYS_LISTED_MAX),
    countActiveKeys(ctx.db, principal.custId, now),
  ]);
  return { items: rows.map((row) => keyRow(row, now)), remaining: Math.max(0, API_KEYS_ACTIVE_MAX - active) };
}

/** The expiry must lie ahead, and within API_KEY_EXPIRY_MAX_DAYS (a longer life is "no expiry"). */
function checkedExpiry(expiresAt: number | null | undefined, now: number): number | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const max = now + API_KEY_EXPIRY_MAX_DAYS * DAY_MS;
  if (expiresAt <= now || expiresAt > max) throw badParameter([fieldError('expiresAt', 10010003, { min: now + 1, max })]);
  return expiresAt;
}

async function keyOf(ctx: ServerContext, custId: number, id: number, now: number): Promise<ApiKeyRow> {
  const row = await findCustomerKey(ctx.db, custId, id);
  if (!row) throw new AppError(2001);
  return keyRow(row, now);
}

/**
 * A new key for the signed-in user: 32 random bytes after `vgk_`. Only its SHA-256 is stored: with
 * 256 random bits no guess can find a key from its hash, so a slow password hash would only cost
 * every call its time, and a plain hash lets authentication find the key by an index.
 */
export async function createApiKey(ctx: ServerContext, principal: Principal, body: z.output<typeof ApiKeyCreateBody>): Promise<ApiKeyCreateAnswer> {
  // registerCall refuses administrators (2007) and keys (2034); this guards a principal without a user.
  const userId = principal.userId;
  if (userId === null) throw new AppError(2007);
  const now = ctx.now();
  const expiresAt = checkedExpiry(body.expiresAt, now);
  const random = randomBytes(32).toString('base64url');
  const secret = `${API_KEY_PREFIX}${random}`;
  const id = await ctx.db.transaction().execute(async (trx) => {
    if ((await countActiveKeys(trx, principal.custId, now)) >= API_KEYS_ACTIVE_MAX) throw new AppError(2036);
    return insertKey(trx, {
      cust_id: principal.custId,
      user_id: userId,
      name: body.name,
      scope: body.scope,
      key_hash: hashToken(secret),
      hint: `${API_KEY_PREFIX}${random.slice(0, HINT_LENGTH)}`,
      created_at: now,
      last_used_at: null,
      expires_at: expiresAt,
      revoked_at: null,
    });
  });
  return { key: await keyOf(ctx, principal.custId, id, now), secret };
}

/** Any user of the customer may revoke any of its keys: whoever finds a key leaked must be able to stop it. */
export async function revokeApiKey(ctx: ServerContext, principal: Principal, id: number): Promise<ApiKeyRow> {
  const now = ctx.now();
  await revokeCustomerKey(ctx.db, principal.custId, id, now);
  return keyOf(ctx, principal.custId, id, now);
}
