import type { SsoCodeAnswer, SsoCodeBody } from '../../../shared/calls/platform.js';
import type { TokenAnswer } from '../../../shared/calls/auth.js';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { withMatchingPassword } from '../../security/password.js';
import { hashToken, newToken, secretsEqual } from '../../security/tokens.js';
import { findAdminByAccount, findAdminById, findCustomerById } from '../auth/account-repo.js';
import { insertSession } from '../auth/session-repo.js';
import { throttledCheck, throttleKeys } from '../auth/throttle.js';
import { consumeSsoCode, deleteExpiredSsoCodes, insertSsoCode } from './sso-repo.js';

/** The platform proves itself with the shared secret; anything else is 401. */
export function assertPlatformSecret(ctx: ServerContext, given: string | string[] | undefined): void {
  if (typeof given !== 'string' || !secretsEqual(given, ctx.config.platformSecret)) throw new AppError(401);
}

async function verifyAdmin(ctx: ServerContext, account: string, password: string, ip: string) {
  const keys = throttleKeys('admin', account, ip);
  const admin = await throttledCheck(ctx, keys, async () => withMatchingPassword(await findAdminByAccount(ctx.db, account), password));
  if (!admin) throw new AppError(2004);
  if (admin.status !== 'active') throw new AppError(2005);
  return admin;
}

export async function createSsoCode(ctx: ServerContext, body: SsoCodeBody, ip: string): Promise<SsoCodeAnswer> {
  const admin = await verifyAdmin(ctx, body.adminAccount, body.adminPassword, ip);
  const customer = await findCustomerById(ctx.db, body.custId);
  if (!customer) throw new AppError(2102);
  const now = ctx.now();
  await deleteExpiredSsoCodes(ctx.db, now);
  const code = newToken();
  const expiresAt = now + ctx.config.ssoCodeTtlSeconds * 1000;
  await insertSsoCode(ctx.db, hashToken(code), admin.id, customer.id, expiresAt);
  const url = `${ctx.config.publicUrl}/sso?code=${encodeURIComponent(code)}`;
  return { code, expiresAt: new Date(expiresAt).toISOString(), url };
}

/** Trades a code for an administrator session viewing the code's customer; 2012 on any failure. */
export async function loginWithSsoCode(ctx: ServerContext, authCode: string, ip: string): Promise<TokenAnswer> {
  const now = ctx.now();
  const grant = await consumeSsoCode(ctx.db, hashToken(authCode), now);
  if (!grant) throw new AppError(2012);
  const [admin, customer] = await Promise.all([findAdminById(ctx.db, grant.admin_id), findCustomerById(ctx.db, grant.cust_id)]);
  if (admin?.status !== 'active' || !customer) throw new AppError(2012);
  const token = newToken();
  await insertSession(ctx.db, { tokenHash: hashToken(token), userId: null, adminId: admin.id, custId: customer.id, ip, now });
  return { token };
}
