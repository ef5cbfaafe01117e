import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, adminLogin, createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ VIGIL_SSO_CODE_TTL_SECONDS: '60' });
});
afterAll(() => server.close());

function requestCode(body: Record<string, unknown>, secret: string | null = SEED.platformSecret) {
  return server.call('/platform/sso/code', {
    body,
    headers: secret === null ? {} : { 'x-platform-secret': secret },
  });
}

const adminBody = () => ({ adminAccount: SEED.adminAccount, adminPassword: SEED.adminPassword, custId: server.custId });

const adminToken = () => adminLogin(server);

describe('platform SSO codes', () => {
  it('issues a code with its expiry and the console URL, storing only its hash', async () => {
    const response = await requestCode(adminBody());
    expect(response.statusCode).toBe(200);
    const { code, expiresAt, url } = response.json().data;
    expect(expiresAt).toBe(new Date(server.clock.now() + 60_000).toISOString());
    expect(url).toBe(`${SEED.publicUrl}/sso?code=${code}`);
    const stored = await server.db.selectFrom('sso_codes').select('code_hash').execute();
    expect(stored.some((row) => row.code_hash === code)).toBe(false);
  });

  it('answers 401 for a missing or wrong platform secret', async () => {
    for (const secret of [null, '', 'wrong-secret', `${SEED.platformSecret}x`]) {
      const response = await requestCode(adminBody(), secret);
      expect([response.statusCode, response.json().code]).toEqual([401, 401]);
    }
  });

  it('answers 2004 for wrong administrator credentials and 2102 for an unknown customer', async () => {
    expect((await requestCode({ ...adminBody(), adminPassword: 'wrong-password' })).json().code).toBe(2004);
    expect((await requestCode({ ...adminBody(), adminAccount: 'ghost01' })).json().code).toBe(2004);
    expect((await requestCode({ ...adminBody(), custId: 9999 })).json().code).toBe(2102);
  });

  it('refuses a customer account as administrator', async () => {
    const response = await requestCode({ ...adminBody(), adminAccount: SEED.account, adminPassword: SEED.password });
    expect(response.json().code).toBe(2004);
  });
});

describe('POST /auth/loginSSO', () => {
  it('is single use', async () => {
    const code = (await requestCode(adminBody())).json().data.code as string;
    const first = await server.call('/auth/loginSSO', { body: { authCode: code } });
    expect(first.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await server.call('/auth/loginSSO', { body: { authCode: code } });
    expect(second.json()).toMatchObject({ status: false, code: 2012 });
  });

  it('refuses an expired or unknown code with 2012', async () => {
    const code = (await requestCode(adminBody())).json().data.code as string;
    server.clock.advanceSeconds(61);
    expect((await server.call('/auth/loginSSO', { body: { authCode: code } })).json().code).toBe(2012);
    expect((await server.call('/auth/loginSSO', { body: { authCode: 'no-such-code' } })).json().code).toBe(2012);
  });

  it('gives an admin session whose user info shows the viewed customer and the admin reference', async () => {
    const token = await adminToken();
    const info = (await server.call('/profile', { token })).json().data;
    const session = await server.db.selectFrom('sessions').select('id').where('admin_id', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(info).toMatchObject({
      account: SEED.adminAccount,
      roles: ['admin'],
      custId: server.custId,
      custName: 'Demo Customer',
      adminToken: String(session.id),
      adminName: 'Administrator',
      tasksPrivilege: { overview: 'edit', monitor: 'edit', alert: 'edit', nodes: 'edit' },
      idleSeconds: server.config.idleSeconds,
    });
    expect(info.adminToken).not.toBe(token);
    const account = (await server.call('/account/info', { token })).json().data;
    expect(account.customer.id).toBe(server.custId);
  });

  it('refuses mutations in admin mode with 2007', async () => {
    const token = await adminToken();
    const response = await server.call('/profile/update', { token, body: { name: 'Changed', email: 'x@example.com' } });
    expect([response.statusCode, response.json().code]).toEqual([403, 2007]);
    const user = await server.db.selectFrom('users').select('name').where('account', '=', SEED.account).executeTakeFirstOrThrow();
    expect(user.name).toBe('Demo User');
  });

  it('ssotoback answers the platform URL', async () => {
    const token = await adminToken();
    const response = await server.call('/auth/ssotoback', { token, method: 'GET' });
    expect(response.json()).toEqual({ status: true, code: 200, name: 'OK', message: '', data: { url: SEED.platformUrl } });
  });

  it('ssotoback refuses a customer session with 403', async () => {
    const token = await server.login();
    const response = await server.call('/auth/ssotoback', { token, method: 'GET' });
    expect([response.statusCode, response.json()]).toEqual([403, { status: false, code: 403, name: 'FORBIDDEN', message: '', data: null }]);
  });
});

describe('ssotoback without a platform URL', () => {
  it('answers 2008', async () => {
    const bare = await createTestServer({ VIGIL_PLATFORM_URL: '' });
    try {
      const token = await adminLogin(bare);
      const response = await bare.call('/auth/ssotoback', { token, method: 'GET' });
      expect(response.json().code).toBe(2008);
    } finally {
      await bare.close();
    }
  });
});
