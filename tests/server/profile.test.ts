import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserInfo } from '../../src/shared/calls/profile.js';
import { AccountInfo } from '../../src/shared/calls/account.js';
import { SEED, START_TIME, addCustomer, addUser, createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('POST /profile', () => {
  it('answers the user info of the contract', async () => {
    const token = await server.login();
    const data = (await server.call('/profile', { token })).json().data;
    expect(UserInfo.parse(data)).toMatchObject({
      account: SEED.account,
      roles: ['customer'],
      custId: server.custId,
      custName: 'Demo Customer',
      reserved: false,
      idleSeconds: 1800,
    });
    expect(data.adminToken).toBeUndefined();
  });
});

describe('privileges', () => {
  it("answers 403 on /account/info to a user whose overview privilege is 'none'", async () => {
    await addUser(server, { account: 'nooverview1', tasksPrivilege: { overview: 'none', monitor: 'edit', alert: 'edit', nodes: 'edit' } });
    const token = await server.login('nooverview1', SEED.password);
    const response = await server.call('/account/info', { token });
    expect([response.statusCode, response.json().code, response.json().name]).toEqual([403, 403, 'FORBIDDEN']);
    expect((await server.call('/profile', { token })).json().code).toBe(200);
  });

  it("admits a 'view' privilege to /account/info", async () => {
    await addUser(server, { account: 'viewonly1', tasksPrivilege: { overview: 'view', monitor: 'none', alert: 'none', nodes: 'none' } });
    const token = await server.login('viewonly1', SEED.password);
    expect((await server.call('/account/info', { token })).json().code).toBe(200);
  });
});

describe('POST /account/info', () => {
  it('answers the customer and its contract with remaining points', async () => {
    await server.db.updateTable('contracts').set({ used_points: 250 }).where('cust_id', '=', server.custId).execute();
    const token = await server.login();
    const data = AccountInfo.parse((await server.call('/account/info', { token })).json().data);
    expect(data.customer).toEqual({ id: server.custId, name: 'Demo Customer', taxId: '04595257' });
    expect(data.contract).toMatchObject({
      startDate: new Date(START_TIME).toISOString().slice(0, 10),
      endDate: new Date(new Date(START_TIME).setUTCFullYear(new Date(START_TIME).getUTCFullYear() + 1)).toISOString().slice(0, 10),
      purchasedPoints: 10_000,
      usedPoints: 250,
      remainingPoints: 9_750,
    });
  });

  it("is scoped to the session's customer", async () => {
    const otherCust = await addCustomer(server, 'Other Co');
    await server.db.insertInto('contracts').values({ cust_id: otherCust, start_date: '2026-01-01', end_date: '2026-12-31', purchased_points: 5, used_points: 1 }).execute();
    await addUser(server, { account: 'otherco1', custId: otherCust });
    const token = await server.login('otherco1', SEED.password);
    const data = (await server.call('/account/info', { token })).json().data;
    expect(data.customer.name).toBe('Other Co');
    expect(data.contract.remainingPoints).toBe(4);
  });
});

describe('POST /profile/update', () => {
  const base = { name: 'New Name', email: 'new@example.com' };

  it('updates name and email', async () => {
    await addUser(server, { account: 'renamer1' });
    const token = await server.login('renamer1', SEED.password);
    const response = await server.call('/profile/update', { token, body: base });
    expect(response.json().data).toMatchObject({ account: 'renamer1', name: 'New Name', email: 'new@example.com' });
  });

  it('answers 10010007 when the confirmation differs and 10010002 when the new password is missing', async () => {
    const token = await server.login();
    const mismatch = await server.call('/profile/update', {
      token,
      body: { ...base, oldPassword: SEED.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-2' },
    });
    expect(mismatch.json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'confirmPassword', code: 10010007 }] } });
    const missing = await server.call('/profile/update', { token, body: { ...base, oldPassword: SEED.password } });
    expect(missing.json().data.errors).toContainEqual({ field: 'newPassword', code: 10010002 });
  });

  it('answers 10010008 on oldPassword when the old password is wrong, and changes nothing', async () => {
    await addUser(server, { account: 'wrongold1' });
    const token = await server.login('wrongold1', SEED.password);
    const response = await server.call('/profile/update', {
      token,
      body: { ...base, oldPassword: 'wrong-old-1', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { status: false, code: 1001, name: 'BAD_PARAMETER', message: '', data: { errors: [{ field: 'oldPassword', code: 10010008 }] } },
    ]);
    expect((await server.call('/auth/login', { body: { account: 'wrongold1', password: SEED.password } })).json().code).toBe(200);
    expect((await server.call('/profile', { token })).json().data.name).toBe('User wrongold1');
  });

  it('changes the password: the old one then fails, the new one works, other sessions end', async () => {
    await addUser(server, { account: 'pwchange1' });
    const other = await server.login('pwchange1', SEED.password);
    const token = await server.login('pwchange1', SEED.password);
    const response = await server.call('/profile/update', {
      token,
      body: { ...base, oldPassword: SEED.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(response.json().code).toBe(200);
    expect((await server.call('/auth/login', { body: { account: 'pwchange1', password: SEED.password } })).json().code).toBe(2004);
    expect((await server.call('/auth/login', { body: { account: 'pwchange1', password: 'brand-new-1' } })).json().code).toBe(200);
    expect((await server.call('/profile', { token })).json().code).toBe(200);
    expect((await server.call('/profile', { token: other })).json().code).toBe(401);
  });

  it('throttles wrong old passwords like logins of the account: 2011 once locked, even for the right one', async () => {
    await addUser(server, { account: 'guesser1' });
    const token = await server.login('guesser1', SEED.password);
    const change = (oldPassword: string) =>
      server.call('/profile/update', { token, body: { ...base, oldPassword, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' } });
    for (let i = 0; i < server.config.loginMaxFailures; i += 1) {
      expect((await change(`wrong-old-${i}`)).json().data.errors).toEqual([{ field: 'oldPassword', code: 10010008 }]);
    }
    const locked = await change(SEED.password);
    expect([locked.statusCode, locked.json().code]).toEqual([429, 2011]);
    expect((await server.call('/auth/login', { body: { account: 'guesser1', password: SEED.password } })).json().code).toBe(2011);
    server.clock.advanceSeconds(server.config.loginLockSeconds + 1);
    expect((await server.call('/auth/login', { body: { account: 'guesser1', password: SEED.password } })).json().code).toBe(200);
  });
});
