import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../helpers.js';
import { createTwinServers, SKIP_REASON, skipWithoutPostgres, type TwinServers } from './twin-servers.js';

let twins: TwinServers;
beforeAll(async () => {
  if (!skipWithoutPostgres) twins = await createTwinServers({ VIGIL_LOGIN_MAX_FAILURES: '3', VIGIL_LOGIN_LOCK_SECONDS: '600' });
});
afterAll(() => twins?.close());

const login = (on: 'a' | 'b', account: string, password: string) => twins[on].call('/auth/login', { body: { account, password } });

describe.skipIf(skipWithoutPostgres)(`two instances on one database: sessions and sign-in (${SKIP_REASON})`, () => {
  it('take a session signed in on one instance on the other, and its logout on both', async () => {
    const token = await twins.a.login();
    expect((await twins.b.call('/profile', { token })).json()).toMatchObject({ status: true, data: { account: SEED.account } });
    expect((await twins.b.call('/auth/logout', { token })).json().status).toBe(true);
    expect((await twins.a.call('/profile', { token })).json().status).toBe(false);
  });

  it('count wrong passwords across instances, so the lock holds on both', async () => {
    expect((await login('a', SEED.account, 'bad-password')).json().code).toBe(2004);
    expect((await login('b', SEED.account, 'bad-password')).json().code).toBe(2004);
    expect((await login('a', SEED.account, 'bad-password')).json().code).toBe(2004);
    expect((await login('b', SEED.account, SEED.password)).json().code).toBe(2011);
    expect((await login('a', SEED.account, SEED.password)).json().code).toBe(2011);
    twins.a.clock.advanceSeconds(601);
  });

  it('redeem an SSO code made on one instance on the other, once', async () => {
    const body = { adminAccount: SEED.adminAccount, adminPassword: SEED.adminPassword, custId: twins.a.custId };
    const made = await twins.a.call('/platform/sso/code', { body, headers: { 'x-platform-secret': SEED.platformSecret } });
    const code = made.json().data.code as string;
    const redeemed = await twins.b.call('/auth/loginSSO', { body: { authCode: code } });
    const token = redeemed.json().data.token as string;
    expect((await twins.a.call('/profile', { token })).json().data).toMatchObject({ adminName: expect.any(String) });
    expect((await twins.a.call('/auth/loginSSO', { body: { authCode: code } })).json()).toMatchObject({ status: false, code: 2012 });
  });
});
