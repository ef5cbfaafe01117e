import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, createTestServer, type TestServer } from '../helpers.js';
import { platform, session } from './platform-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ VIGIL_MAX_SESSIONS: '5' });
});
afterAll(() => server.close());

const login = async (account: string, password: string = SEED.password) => (await server.call('/auth/login', { body: { account, password } })).json();

describe('users', () => {
  it('creates a user who signs in with the generated password, shown once; refuses a taken account (2003) and an unknown customer (2102)', async () => {
    const created = await platform(server, '/user/create', { custId: server.custId, account: 'newuser01', name: 'New User', email: 'new@example.com' });
    expect(created.data.user).toMatchObject({ account: 'newuser01', custId: server.custId, roles: ['customer'], status: 'active', maxSessions: null });
    expect(created.data.password).toMatch(/^\S{16}$/);
    expect((await login('newuser01', created.data.password)).status).toBe(true);
    expect((await platform(server, '/user/list', { custId: server.custId })).data.users.map((user: { account: string }) => user.account)).toContain('newuser01');

    expect((await platform(server, '/user/create', { custId: server.custId, account: 'newuser01', name: 'Again' })).code).toBe(2003);
    expect((await platform(server, '/user/create', { custId: server.custId, account: SEED.adminAccount, name: 'Clash' })).code).toBe(2003);
    expect((await platform(server, '/user/create', { custId: 99_999, account: 'nocust01', name: 'Nobody' })).code).toBe(2102);
    expect((await platform(server, '/user/list', { custId: 99_999 })).code).toBe(2102);
  });

  it('gives the privilege asked for: its task areas, or an existing one (2006 when deactivated or unknown)', async () => {
    const viewer = await platform(server, '/user/create', {
      custId: server.custId,
      account: 'viewer01',
      name: 'Viewer',
      password: 'viewer-pass',
      tasksPrivilege: { overview: 'view', monitor: 'view', alert: 'none', nodes: 'none' },
    });
    const info = await session(server, '/profile', (await login('viewer01', 'viewer-pass')).data.token);
    expect(info.data.tasksPrivilege).toEqual({ overview: 'view', monitor: 'view', alert: 'none', nodes: 'none' });
    expect(viewer.data.password).toBeUndefined();
    const shared = await platform(server, '/user/create', { custId: server.custId, account: 'viewer02', name: 'Viewer 2', privilegeId: viewer.data.user.privilegeId });
    expect(shared.data.user.privilegeId).toBe(viewer.data.user.privilegeId);
    expect((await platform(server, '/user/create', { custId: server.custId, account: 'viewer03', name: 'V', privilegeId: 99_999 })).code).toBe(2006);
  });

  it('suspends a user (open sessions answer 2005, sign-in too) and resumes them; unknown accounts are 2001', async () => {
    await platform(server, '/user/create', { custId: server.custId, account: 'suspend01', name: 'S', password: SEED.password });
    const token = (await login('suspend01')).data.token as string;
    expect((await platform(server, '/user/suspend', { account: 'suspend01' })).data).toMatchObject({ status: 'suspended', endedSessions: 1 });
    expect(await session(server, '/inbox/list', token)).toMatchObject({ http: 403, code: 2005 });
    expect((await login('suspend01')).code).toBe(2005);
    expect((await platform(server, '/user/resume', { account: 'suspend01' })).data.status).toBe('active');
    expect((await login('suspend01')).status).toBe(true);
    for (const path of ['/user/suspend', '/user/resume']) expect((await platform(server, path, { account: 'nobody99' })).code).toBe(2001);
  });

  it('sets the concurrent-login limit (2010 beyond it; null is the server default again)', async () => {
    await platform(server, '/user/create', { custId: server.custId, account: 'limited01', name: 'L', password: SEED.password });
    expect((await platform(server, '/user/limit', { account: 'limited01', maxSessions: 1 })).data.maxSessions).toBe(1);
    expect((await login('limited01')).status).toBe(true);
    expect((await login('limited01')).code).toBe(2010);
    expect((await platform(server, '/user/limit', { account: 'limited01', maxSessions: null })).data.maxSessions).toBeNull();
    expect((await login('limited01')).status).toBe(true);
  });

  it('resets a password: the old one and open sessions stop working (401), the new one signs in', async () => {
    await platform(server, '/user/create', { custId: server.custId, account: 'reset001', name: 'R', password: 'old-pass-1' });
    const token = (await login('reset001', 'old-pass-1')).data.token as string;
    const reset = await platform(server, '/user/password', { account: 'reset001' });
    expect(reset.data).toMatchObject({ endedSessions: 1, user: { account: 'reset001' } });
    expect((await session(server, '/profile', token)).code).toBe(401);
    expect((await login('reset001', 'old-pass-1')).code).toBe(2004);
    expect((await login('reset001', reset.data.password)).status).toBe(true);
    const set = await platform(server, '/user/password', { account: 'reset001', password: 'chosen-pass' });
    expect(set.data.password).toBeUndefined();
    expect((await login('reset001', 'chosen-pass')).status).toBe(true);
    expect((await platform(server, '/user/password', { account: 'nobody99' })).code).toBe(2001);
  });
});

describe('privileges', () => {
  it("deactivating a privilege ends its users' sessions (2006), reactivating lets them sign in again", async () => {
    const privilege = await platform(server, '/privilege/create', { name: 'Monitor only', tasksPrivilege: { overview: 'view', monitor: 'edit', alert: 'none', nodes: 'none' } });
    expect(privilege.data).toMatchObject({ status: 'active', users: 0 });
    const privilegeId = privilege.data.id as number;
    await platform(server, '/user/create', { custId: server.custId, account: 'priv0001', name: 'P', password: SEED.password, privilegeId });
    const token = (await login('priv0001')).data.token as string;
    expect((await platform(server, '/privilege/deactivate', { privilegeId })).data).toMatchObject({ status: 'deactivated', users: 1, endedSessions: 1 });
    expect(await session(server, '/profile', token)).toMatchObject({ http: 403, code: 2006 });
    expect((await login('priv0001')).code).toBe(2006);
    expect((await platform(server, '/privilege/reactivate', { privilegeId })).data.status).toBe('active');
    expect((await login('priv0001')).status).toBe(true);
    const list = (await platform(server, '/privilege/list')).data.privileges as { id: number }[];
    expect(list.map((entry) => entry.id)).toContain(privilegeId);
    for (const path of ['/privilege/deactivate', '/privilege/reactivate']) expect((await platform(server, path, { privilegeId: 99_999 })).code).toBe(2006);
  });
});

describe('administrators', () => {
  it('creates an administrator who gets SSO codes; a suspension ends their session (2005)', async () => {
    const created = await platform(server, '/admin/create', { account: 'opsadmin1', name: 'Ops' });
    expect(created.data.admin).toMatchObject({ account: 'opsadmin1', status: 'active' });
    const code = await platform(server, '/sso/code', { adminAccount: 'opsadmin1', adminPassword: created.data.password, custId: server.custId });
    const token = (await server.call('/auth/loginSSO', { body: { authCode: code.data.code } })).json().data.token as string;
    expect((await session(server, '/profile', token)).code).toBe(200);
    expect((await platform(server, '/admin/suspend', { account: 'opsadmin1' })).data.endedSessions).toBe(1);
    expect((await session(server, '/profile', token)).code).toBe(2005);
    expect((await platform(server, '/admin/resume', { account: 'opsadmin1' })).data.status).toBe('active');
    expect((await platform(server, '/admin/create', { account: 'opsadmin1', name: 'Again' })).code).toBe(2003);
    expect((await platform(server, '/admin/create', { account: SEED.account, name: 'Clash' })).code).toBe(2003);
    expect((await platform(server, '/admin/suspend', { account: 'nobody99' })).code).toBe(2001);
  });
});

describe('node keys', () => {
  it('issues a key for a catalogue node and creates a node with its key; 2304 for an unknown node', async () => {
    const issued = await platform(server, '/node/key', { node: 'local', allowPrivateTargets: true });
    expect(issued.data).toMatchObject({ name: expect.any(String), allowPrivateTargets: true, key: expect.stringMatching(/^vgn_/) });
    const byId = await platform(server, '/node/key', { node: issued.data.nodeId });
    expect([byId.data.nodeId, byId.data.allowPrivateTargets]).toEqual([issued.data.nodeId, true]);
    expect(byId.data.key).not.toBe(issued.data.key);
    expect((await platform(server, '/node/key', { node: 'no-such-node' })).code).toBe(2304);
    const created = await platform(server, '/node/create', { city: 'Osaka Lab', country: 'JP', isp: 8 });
    const row = await server.db.selectFrom('nodes').selectAll().where('id', '=', created.data.nodeId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ city: 'Osaka Lab', country: 'JP', isp: 8 });
    expect(JSON.stringify(await server.db.selectFrom('platform_audit').select('target').execute())).not.toContain(issued.data.key);
  });
});
