import type { LoginBody, SsoReturnAnswer, TokenAnswer, WakeningAnswer } from '../../../shared/calls/auth.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { withMatchingPassword } from '../../security/password.js';
import { hashToken, newToken } from '../../security/tokens.js';
import { findUserByAccount, type UserAccessRow } from './account-repo.js';
import { userEndCode } from './authenticate.js';
import { countActiveUserSessions, insertSession, revokeSession } from './session-repo.js';
import { throttledCheck, throttleKeys } from './throttle.js';

function assertUsable(user: UserAccessRow): void {
  const endCode = userEndCode(user);
  if (endCode !== undefined) throw new AppError(endCode);
}

/** Opens a user session unless the account already holds its limit of live sessions (2010). */
async function openUserSession(ctx: ServerContext, user: UserAccessRow, ip: string): Promise<string> {
  const token = newToken();
  const limit = user.max_sessions ?? ctx.config.maxSessions;
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const active = await countActiveUserSessions(trx, user.id, now - ctx.config.idleSeconds * 1000);
    if (active >= limit) throw new AppError(2010);
    await insertSession(trx, { tokenHash: hashToken(token), userId: user.id, adminId: null, custId: user.cust_id, ip, now });
  });
  return token;
}

export async function login(ctx: ServerContext, body: LoginBody, ip: string): Promise<TokenAnswer> {
  const keys = throttleKeys('user', body.account, ip);
  const user = await throttledCheck(ctx, keys, async () =>
    withMatchingPassword(await findUserByAccount(ctx.db, body.account), body.password),
  );
  if (!user) throw new AppError(2004);
  assertUsable(user);
  return { token: await openUserSession(ctx, user, ip) };
}

export async function logout(ctx: ServerContext, principal: Principal): Promise<null> {
  // An API key never reaches logout (the call table keeps it session-only); it has no session to end.
  if (principal.sessionId !== null) await revokeSession(ctx.db, principal.sessionId, ctx.now());
  return null;
}

/** Authentication already counted the call as activity; this only reports the new deadline. */
export function wakening(ctx: ServerContext): WakeningAnswer {
  const idleSeconds = ctx.config.idleSeconds;
  return { idleSeconds, expiresAt: new Date(ctx.now() + idleSeconds * 1000).toISOString() };
}

/** Only an administrator came from the management platform, so only they may return to it. */
export function ssoReturnUrl(ctx: ServerContext, principal: Principal): SsoReturnAnswer {
  if (principal.adminId === null) throw new AppError(403);
  if (ctx.config.platformUrl === undefined) throw new AppError(2008);
  return { url: ctx.config.platformUrl };
}
