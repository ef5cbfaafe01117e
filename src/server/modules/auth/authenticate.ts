import { FULL_TASKS_PRIVILEGE, ROLES } from '../../../shared/roles.js';
import type { Principal, ServerContext } from '../../context.js';
import type { SessionRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { hashToken } from '../../security/tokens.js';
import { findAdminById, findCustomerById, findUserById, type UserAccessRow } from './account-repo.js';
import { parseRoles, parseTasksPrivilege } from './privileges.js';
import { findSessionByTokenHash, revokeSession, touchSession, type SessionEndCode } from './session-repo.js';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/;

export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header.trim())?.[1];
}

/** Why a user may not use the console now (2005 suspended, user or customer; 2006 privilege deactivated). */
export function userEndCode(user: UserAccessRow): SessionEndCode | undefined {
  if (user.status !== 'active' || user.customer_status !== 'active') return 2005;
  return user.privilege_status === 'active' ? undefined : 2006;
}

/** A session refused for a reason its holder should read: ended with that reason, answered it. */
class SessionEnded extends Error {
  constructor(readonly code: SessionEndCode) {
    super(`session ended: ${code}`);
  }
}

async function userPrincipal(ctx: ServerContext, session: SessionRow): Promise<Principal | undefined> {
  if (session.user_id === null) return undefined;
  const user = await findUserById(ctx.db, session.user_id);
  if (!user || user.cust_id !== session.cust_id) return undefined;
  // A suspension or deactivation ends sessions already open, not only future logins.
  const endCode = userEndCode(user);
  if (endCode !== undefined) throw new SessionEnded(endCode);
  return principalOfUser(user, session.id);
}

/** The caller as a customer user, with the user's roles and privileges now; sessionId null for an API key. */
export function principalOfUser(user: UserAccessRow, sessionId: number | null): Principal {
  return {
    sessionId,
    custId: user.cust_id,
    userId: user.id,
    adminId: null,
    roles: parseRoles(user.roles),
    tasksPrivilege: parseTasksPrivilege(user.tasks_privilege),
    identity: {
      id: user.id,
      account: user.account,
      name: user.name,
      email: user.email,
      privilegeId: user.privilege_id,
      reserved: user.reserved !== 0,
      custName: user.customer_name,
    },
  };
}

async function adminPrincipal(ctx: ServerContext, session: SessionRow): Promise<Principal | undefined> {
  if (session.admin_id === null) return undefined;
  const [admin, customer] = await Promise.all([
    findAdminById(ctx.db, session.admin_id),
    findCustomerById(ctx.db, session.cust_id),
  ]);
  if (!admin || !customer) return undefined;
  if (admin.status !== 'active') throw new SessionEnded(2005);
  return {
    sessionId: session.id,
    custId: customer.id,
    userId: null,
    adminId: admin.id,
    roles: [ROLES.ADMIN],
    tasksPrivilege: { ...FULL_TASKS_PRIVILEGE },
    adminToken: String(session.id),
    // While viewing a customer the administrator is the user: no customer user stands in for them.
    identity: {
      id: admin.id,
      account: admin.account,
      name: admin.name,
      email: '',
      privilegeId: 0,
      reserved: false,
      custName: customer.name,
      adminName: admin.name,
    },
  };
}

export function isIdle(ctx: ServerContext, lastSeenAt: number): boolean {
  return ctx.now() - lastSeenAt > ctx.config.idleSeconds * 1000;
}

async function principalOf(ctx: ServerContext, session: SessionRow): Promise<Principal | SessionEndCode | undefined> {
  try {
    return session.admin_id === null ? await userPrincipal(ctx, session) : await adminPrincipal(ctx, session);
  } catch (error) {
    if (error instanceof SessionEnded) return error.code;
    throw error;
  }
}

/**
 * Resolves the bearer token to a live session and counts the call as activity; else 401, or the
 * reason an operator ended it (2005 suspended, 2006 privilege deactivated), now and at every later
 * call with that token.
 */
export async function authenticate(ctx: ServerContext, authorization: string | undefined): Promise<Principal> {
  const token = bearerToken(authorization);
  if (token === undefined) throw new AppError(401);
  const session = await findSessionByTokenHash(ctx.db, hashToken(token));
  if (!session) throw new AppError(401);
  if (session.revoked_at !== null) throw new AppError(session.end_code === 2005 || session.end_code === 2006 ? session.end_code : 401);
  const now = ctx.now();
  if (isIdle(ctx, session.last_seen_at)) {
    await revokeSession(ctx.db, session.id, now);
    throw new AppError(401);
  }
  const principal = await principalOf(ctx, session);
  if (typeof principal !== 'object') {
    await revokeSession(ctx.db, session.id, now, principal ?? null);
    throw new AppError(principal ?? 401);
  }
  await touchSession(ctx.db, session.id, now);
  return principal;
}
