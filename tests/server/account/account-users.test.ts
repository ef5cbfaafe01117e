import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FULL_TASKS_PRIVILEGE } from '../../../src/shared/roles.js';
import { SEED, addUser, adminLogin, expectNoInternals } from '../helpers.js';
import { accountFixture, type AccountFixture } from './account-helpers.js';

let fx: AccountFixture;
beforeEach(async () => {
  fx = await accountFixture();
});
afterEach(() => fx.close());

const users = (token?: string) => fx.call('/account/users', undefined, token);

describe('/account/users', () => {
  it("lists the customer's users by account with their status, privilege and roles, and nothing of their passwords", async () => {
    await addUser(fx.server, { account: 'zed01', status: 'suspended' });
    await addUser(fx.server, { account: 'amy01', privilegeStatus: 'deactivated' });
    const answer = await users();
    expect(answer.code).toBe(200);
    const list = answer.data.list as Record<string, unknown>[];
    expect(list.map((user) => [user.account, user.status, user.privilegeActive])).toEqual([
      ['amy01', 'active', false],
      [SEED.account, 'active', true],
      ['zed01', 'suspended', true],
    ]);
    expect(list[0]).toEqual({ id: expect.any(Number), account: 'amy01', name: 'User amy01', email: 'amy01@example.com', status: 'active', privilegeActive: false, roles: ['customer'] });
    expect(answer.body).not.toMatch(/password|hash|scrypt/i);
  });

  it("never lists another customer's users, and shows that customer only its own", async () => {
    const ours = (await users()).data.list as { account: string }[];
    const theirs = (await users(fx.otherToken)).data.list as { account: string }[];
    expect(ours.map((user) => user.account)).not.toContain('other01');
    expect(theirs.map((user) => user.account)).toEqual(['other01']);
  });

  it("answers an administrator viewing the customer with the customer's users", async () => {
    const admin = await adminLogin(fx.server);
    const answer = await users(admin);
    expect(answer.data.list.map((user: { account: string }) => user.account)).toEqual([SEED.account]);
  });

  it('is refused without a session, with a body, and to a user without the overview area', async () => {
    const anonymous = await fx.server.call('/account/users', { body: {} });
    expect(anonymous.statusCode).toBe(401);
    expectNoInternals(anonymous.body);
    expect((await fx.call('/account/users', { extra: 1 })).code).toBe(1001);
    await addUser(fx.server, { account: 'blind01', tasksPrivilege: { ...FULL_TASKS_PRIVILEGE, overview: 'none' } });
    const blind = await fx.server.login('blind01');
    for (const path of ['/account/users', '/account/translog', '/account/translog/export', '/account/info']) {
      expect((await fx.call(path, path === '/account/users' || path === '/account/info' ? undefined : {}, blind)).statusCode, path).toBe(403);
    }
  });
});

describe('/account/info', () => {
  it('answers the customer and its contract, or no contract', async () => {
    const answer = await fx.call('/account/info');
    expect(answer.data).toMatchObject({ customer: { id: fx.server.custId }, contract: { purchasedPoints: 10_000, usedPoints: 0, remainingPoints: 10_000 } });
    await fx.server.db.deleteFrom('contracts').where('cust_id', '=', fx.server.custId).execute();
    expect((await fx.call('/account/info')).data.contract).toBeNull();
  });
});
