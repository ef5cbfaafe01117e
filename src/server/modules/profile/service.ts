import type { UserInfo } from '../../../shared/calls/profile.js';
import type { ProfileUpdateBody } from '../../../shared/calls/profile.js';
import { FULL_TASKS_PRIVILEGE, ROLES } from '../../../shared/roles.js';
import type { Principal, ServerContext } from '../../context.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { findAdminById, findCustomerById, findUserById } from '../auth/account-repo.js';
import { parseRoles, parseTasksPrivilege } from '../auth/privileges.js';
import { revokeOtherUserSessions } from '../auth/session-repo.js';
import { updateUserProfile } from './repo.js';

/** While viewing a customer the administrator is the user: no customer user stands in for them. */
async function adminInfo(ctx: ServerContext, principal: Principal, adminId: number): Promise<UserInfo> {
  const [admin, customer] = await Promise.all([findAdminById(ctx.db, adminId), findCustomerById(ctx.db, principal.custId)]);
  if (!admin || !customer) throw new AppError(401);
  return {
    id: admin.id,
    account: admin.account,
    name: admin.name,
    email: '',
    privilegeId: 0,
    reserved: false,
    tasksPrivilege: { ...FULL_TASKS_PRIVILEGE },
    roles: [ROLES.ADMIN],
    custId: customer.id,
    custName: customer.name,
    adminToken: String(principal.sessionId),
    adminName: admin.name,
    idleSeconds: ctx.config.idleSeconds,
  };
}

async function customerUserInfo(ctx: ServerContext, principal: Principal, userId: number): Promise<UserInfo> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.cust_id !== principal.custId) throw new AppError(401);
  return {
    id: user.id,
    account: user.account,
    name: user.name,
    email: user.email,
    privilegeId: user.privilege_id,
    reserved: user.reserved !== 0,
    tasksPrivilege: parseTasksPrivilege(user.tasks_privilege),
    roles: parseRoles(user.roles),
    custId: user.cust_id,
    custName: user.customer_name,
    idleSeconds: ctx.config.idleSeconds,
  };
}

export function userInfo(ctx: ServerContext, principal: Principal): Promise<UserInfo> {
  if (principal.adminId !== null) return adminInfo(ctx, principal, principal.adminId);
  if (principal.userId !== null) return customerUserInfo(ctx, principal, principal.userId);
  throw new AppError(401);
}

type ValidProfileUpdate = Required<ProfileUpdateBody>;

export async function updateProfile(ctx: ServerContext, principal: Principal, body: ValidProfileUpdate): Promise<UserInfo> {
  // registerCall already refuses admin mode (2007); this guards a principal without a user.
  if (principal.userId === null) throw new AppError(2007);
  const user = await findUserById(ctx.db, principal.userId);
  if (!user || user.cust_id !== principal.custId) throw new AppError(401);
  let passwordHash: string | undefined;
  if (body.newPassword !== '') {
    if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
      throw badParameter([fieldError('oldPassword', 10010008)]);
    }
    passwordHash = await hashPassword(body.newPassword);
  }
  await updateUserProfile(ctx.db, principal.custId, user.id, {
    name: body.name,
    email: body.email,
    ...(passwordHash === undefined ? {} : { passwordHash }),
  });
  if (passwordHash !== undefined) await revokeOtherUserSessions(ctx.db, user.id, principal.sessionId, ctx.now());
  return userInfo(ctx, principal);
}
