import type { ProfileUpdateBody, UserInfo } from '../../../shared/calls/profile.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { hashPassword, withMatchingPassword } from '../../security/password.js';
import { findUserById } from '../auth/account-repo.js';
import { revokeOtherUserSessions } from '../auth/session-repo.js';
import { throttledCheck, throttleKeys } from '../auth/throttle.js';
import { updateUserProfile } from './repo.js';

/** Authentication has just read the caller, so the answer needs no query of its own. */
export function userInfo(ctx: ServerContext, principal: Principal): UserInfo {
  const { identity, roles, tasksPrivilege, custId, adminToken } = principal;
  return {
    ...identity,
    roles,
    tasksPrivilege,
    custId,
    ...(adminToken === undefined ? {} : { adminToken }),
    idleSeconds: ctx.config.idleSeconds,
  };
}

type ValidProfileUpdate = Required<ProfileUpdateBody>;

/**
 * The old password is guessed through the same throttle as a login of the account, so a stolen
 * token does not buy unlimited guesses (2011 once locked).
 */
async function newPasswordHash(ctx: ServerContext, principal: Principal, body: ValidProfileUpdate, ip: string): Promise<string> {
  const user = principal.userId === null ? undefined : await findUserById(ctx.db, principal.userId);
  if (!user || user.cust_id !== principal.custId) throw new AppError(401);
  const keys = throttleKeys('user', user.account, ip);
  const verified = await throttledCheck(ctx, keys, () => withMatchingPassword(user, body.oldPassword));
  if (!verified) throw badParameter([fieldError('oldPassword', 10010008)]);
  return hashPassword(body.newPassword);
}

export async function updateProfile(ctx: ServerContext, principal: Principal, body: ValidProfileUpdate, ip: string): Promise<UserInfo> {
  // registerCall already refuses admin mode (2007); this guards a principal without a user.
  if (principal.userId === null) throw new AppError(2007);
  const passwordHash = body.newPassword === '' ? undefined : await newPasswordHash(ctx, principal, body, ip);
  await updateUserProfile(ctx.db, principal.custId, principal.userId, {
    name: body.name,
    email: body.email,
    ...(passwordHash === undefined ? {} : { passwordHash }),
  });
  if (passwordHash !== undefined) await revokeOtherUserSessions(ctx.db, principal.userId, principal.sessionId, ctx.now());
  return userInfo(ctx, { ...principal, identity: { ...principal.identity, name: body.name, email: body.email } });
}
