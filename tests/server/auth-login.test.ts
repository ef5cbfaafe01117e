import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, addCustomer, addUser, createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ VIGIL_LOGIN_MAX_FAILURES: '3', VIGIL_LOGIN_LOCK_SECONDS: '600', VIGIL_MAX_SESSIONS: '3' });
});
afterAll(() => server.close());

async function loginCode(account: string, password: string, ip?: string) {
  const response = await server.call('/auth/login', { body: { account, password }, ...(ip ? { ip } : {}) });
  return { http: response.statusCode, json: response.json() };
}

async function failureCount(key: string): Promise<number | undefined> {
  const row = await server.db.selectFrom('login_failures').select('count').where('key', '=', key).executeTakeFirst();
  return row?.count;
}

describe('POST /auth/login', () => {
  it('answers a token that opens session calls', async () => {
    const { http, json } = await loginCode(SEED.account, SEED.password);
    expect(http).toBe(200);
    expect(json).toMatchObject({ status: true, code: 200, name: 'OK', message: '' });
    expect(json.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const profile = await server.call('/profile', { token: json.data.token });
    expect(profile.json().data.account).toBe(SEED.account);
  });

  it('stores only the hash of the token', async () => {
    const token = await server.login();
    const rows = await server.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers 2004 for a wrong password and for an unknown account alike', async () => {
    const wrong = await loginCode(SEED.account, 'not-the-password');
    const unknown = await loginCode('nobody99', 'whatever1');
    expect(wrong).toEqual({ http: 400, json: { status: false, code: 2004, name: 'ACCOUNT_OR_PASSWORD_WRONG', message: '', data: null } });
    expect(unknown).toEqual(wrong);
    await server.db.deleteFrom('login_failures').execute();
  });

  it('answers 2005 for a suspended user and for a user of a suspended customer', async () => {
    await addUser(server, { account: 'suspended1', status: 'suspended' });
    expect((await loginCode('suspended1', SEED.password)).json.code).toBe(2005);
    const custId = await addCustomer(server, 'Suspended Co', 'suspended');
    await addUser(server, { account: 'custsusp1', custId });
    expect((await loginCode('custsusp1', SEED.password)).json.code).toBe(2005);
  });

  it('answers 2006 when the privilege is deactivated', async () => {
    await addUser(server, { account: 'deactiv1', privilegeStatus: 'deactivated' });
    const { http, json } = await loginCode('deactiv1', SEED.password);
    expect([http, json.code]).toEqual([403, 2006]);
  });

  it('answers 2010 once the account holds its limit of live sessions', async () => {
    await addUser(server, { account: 'limited1' });
    for (let i = 0; i < 3; i += 1) expect((await loginCode('limited1', SEED.password)).json.code).toBe(200);
    const refused = await loginCode('limited1', SEED.password);
    expect([refused.http, refused.json.code]).toEqual([409, 2010]);
  });

  it('lets a per-user override replace the configured limit, and frees a slot on logout', async () => {
    await addUser(server, { account: 'single01', maxSessions: 1 });
    const first = await server.login('single01', SEED.password);
    expect((await loginCode('single01', SEED.password)).json.code).toBe(2010);
    await server.call('/auth/logout', { token: first });
    expect((await loginCode('single01', SEED.password)).json.code).toBe(200);
  });

  it('does not count idle-expired sessions against the limit', async () => {
    await addUser(server, { account: 'idlelim1', maxSessions: 1 });
    await server.login('idlelim1', SEED.password);
    server.clock.advanceSeconds(server.config.idleSeconds + 1);
    expect((await loginCode('idlelim1', SEED.password)).json.code).toBe(200);
  });

  it('locks the account with 2011 after N failures, even for the right password, until the window passes', async () => {
    await addUser(server, { account: 'locked01' });
    for (let i = 0; i < 3; i += 1) expect((await loginCode('locked01', 'bad-password')).json.code).toBe(2004);
    const locked = await loginCode('locked01', SEED.password);
    expect([locked.http, locked.json.code]).toEqual([429, 2011]);
    server.clock.advanceSeconds(599);
    expect((await loginCode('locked01', SEED.password)).json.code).toBe(2011);
    server.clock.advanceSeconds(2);
    expect((await loginCode('locked01', SEED.password)).json.code).toBe(200);
  });

  it('resets the account counter after a success', async () => {
    await addUser(server, { account: 'resets01' });
    for (let i = 0; i < 2; i += 1) await loginCode('resets01', 'bad-password');
    expect((await loginCode('resets01', SEED.password)).json.code).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await loginCode('resets01', 'bad-password')).json.code).toBe(2004);
    expect((await loginCode('resets01', SEED.password)).json.code).toBe(200);
  });

  it('locks a client address after 4x the failures, across accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 12; i += 1) expect((await loginCode(`spray${i}x`, 'bad-password', ip)).json.code).toBe(2004);
    expect((await loginCode(SEED.account, SEED.password, ip)).json.code).toBe(2011);
    expect((await loginCode(SEED.account, SEED.password)).json.code).toBe(200);
    server.clock.advanceSeconds(601);
    expect((await loginCode(SEED.account, SEED.password, ip)).json.code).toBe(200);
  });

  it('counts parallel wrong guesses before checking them, so the right password then meets the lock', async () => {
    await addUser(server, { account: 'parallel1' });
    const guesses = 29;
    const answers = await Promise.all(Array.from({ length: guesses }, () => loginCode('parallel1', 'bad-password')));
    const codes = answers.map((answer) => answer.json.code);
    expect(codes.filter((code) => code === 2004)).toHaveLength(3);
    expect(codes.filter((code) => code === 2011)).toHaveLength(guesses - 3);
    const right = await loginCode('parallel1', SEED.password);
    expect([right.http, right.json.code]).toEqual([429, 2011]);
    expect(await failureCount('user:parallel1')).toBe(guesses + 1);
  });

  it('answers 1001 for a missing password without touching the throttle', async () => {
    const before = await server.db.selectFrom('login_failures').selectAll().orderBy('key').execute();
    const response = await server.call('/auth/login', { body: { account: 'untouched1' }, ip: '192.0.2.99' });
    expect(response.json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'password', code: 10010002 }] } });
    expect(await server.db.selectFrom('login_failures').selectAll().orderBy('key').execute()).toEqual(before);
    expect(await failureCount('user:untouched1')).toBeUndefined();
    expect(await failureCount('ip:192.0.2.99')).toBeUndefined();
  });
});
