import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type CallDefinition } from '../../../src/shared/calls/index.js';
import { PLATFORM_SECRET_HEADER } from '../../../src/shared/calls/platform.js';
import { UNWRITABLE_TARGET } from '../../../src/server/modules/operator/audit.js';
import { SEED, addUser, adminLogin, createTestServer, uniqueTaxId, type TestServer } from '../helpers.js';
import { auditEntries, platform, session } from './platform-helpers.js';

let server: TestServer;
let token: string;
let adminToken: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  adminToken = await adminLogin(server);
});
afterAll(() => server.close());

const operatorCalls = Object.values(CALLS as Record<string, CallDefinition>).filter((call) => call.path.startsWith('/platform/') && call.path !== '/platform/sso/code');

describe('platform calls: who may make them', () => {
  it.each(operatorCalls.map((call) => [call.path, call]))('%s answers 401 without the secret, with a wrong one, with a customer session and an administrator session', async (path) => {
    const attempts: Record<string, string>[] = [
      {},
      { [PLATFORM_SECRET_HEADER]: 'wrong-secret-0123456789' },
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${adminToken}` },
    ];
    const before = await server.db.selectFrom('platform_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const headers of attempts) {
      const response = await server.call(path, { body: {}, headers });
      expect([response.statusCode, response.json().code]).toEqual([401, 401]);
    }
    // Nobody the platform did not vouch for is logged as an operator.
    const after = await server.db.selectFrom('platform_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('publishes every verb in /api/docs', async () => {
    const docs = (await server.call('/docs', { method: 'GET' })).json() as { paths: Record<string, unknown> };
    for (const call of operatorCalls) expect(Object.keys(docs.paths)).toContain(`/api${call.path}`);
  });
});

describe('customers', () => {
  it('creates, lists, suspends (ending open sessions with 2005) and resumes a customer', async () => {
    const taxId = uniqueTaxId();
    const created = await platform(server, '/customer/create', { name: 'Acme Ltd', taxId });
    expect(created).toMatchObject({ code: 200, data: { name: 'Acme Ltd', taxId, status: 'active' } });
    const custId = created.data.id as number;
    expect((await platform(server, '/customer/create', { name: 'Acme again', taxId })).code).toBe(2101);

    await addUser(server, { account: 'acmeuser1', custId });
    const acmeToken = await server.login('acmeuser1');
    const suspended = await platform(server, '/customer/suspend', { custId });
    expect(suspended.data).toMatchObject({ status: 'suspended', endedSessions: 1 });
    expect(await session(server, '/profile', acmeToken)).toMatchObject({ http: 403, code: 2005 });
    expect((await server.call('/auth/login', { body: { account: 'acmeuser1', password: SEED.password } })).json().code).toBe(2005);
    // The first customer's sessions are untouched.
    expect((await session(server, '/profile', token)).code).toBe(200);

    expect((await platform(server, '/customer/resume', { custId })).data.status).toBe('active');
    expect(await session(server, '/profile', acmeToken)).toMatchObject({ code: 2005 });
    expect((await session(server, '/profile', await server.login('acmeuser1'))).code).toBe(200);

    const list = (await platform(server, '/customer/list')).data.customers as { id: number; users: number; status: string }[];
    expect(list.find((customer) => customer.id === custId)).toMatchObject({ users: 1, status: 'active' });
    expect(list.find((customer) => customer.id === server.custId)).toMatchObject({ contract: { purchasedPoints: 10_000 } });
  });

  it('refuses unknown customers (2102) and bad input (1001 with field codes)', async () => {
    for (const path of ['/customer/suspend', '/customer/resume']) expect((await platform(server, path, { custId: 99_999 })).code).toBe(2102);
    const bad = await platform(server, '/customer/create', { name: '', taxId: '12345678' });
    expect(bad.code).toBe(1001);
    expect(bad.data.errors.map((error: { field: string }) => error.field).sort()).toEqual(['name', 'taxId']);
  });
});

describe('contracts and points', () => {
  it('creates a contract, refuses overlaps (2109), tops it up with a topup row, and the customer sees the points', async () => {
    const custId = (await platform(server, '/customer/create', { name: 'Points Co', taxId: uniqueTaxId() })).data.id as number;
    const contract = await platform(server, '/contract/create', { custId, startDate: '2020-01-01', endDate: '2999-12-31', purchasedPoints: 100 });
    expect(contract.data).toMatchObject({ custId, purchasedPoints: 100, usedPoints: 0, remainingPoints: 100 });
    expect((await platform(server, '/contract/create', { custId, startDate: '2999-12-31', endDate: '3000-01-31', purchasedPoints: 1 })).code).toBe(2109);

    const topped = await platform(server, '/contract/topup', { contractId: contract.data.id, points: 250, note: 'invoice 42' });
    expect(topped.data).toMatchObject({ purchasedPoints: 350, remainingPoints: 350 });
    const rows = await server.db.selectFrom('point_transactions').selectAll().where('cust_id', '=', custId).execute();
    expect(rows).toEqual([expect.objectContaining({ kind: 'topup', task_id: null, points: -250, balance_after: 350, note: 'invoice 42', contract_id: contract.data.id })]);

    await addUser(server, { account: 'pointsuser', custId });
    const info = await session(server, '/account/info', await server.login('pointsuser'));
    expect(info.data.contract).toMatchObject({ purchasedPoints: 350, remainingPoints: 350 });
    expect((await platform(server, '/contract/list', { custId })).data.contracts).toHaveLength(1);
  });

  it('refuses an unknown customer (2102) or contract (2108), an end before the start (2121) and a date that does not exist (1001)', async () => {
    expect((await platform(server, '/contract/create', { custId: 99_999, startDate: '2026-01-01', endDate: '2026-12-31', purchasedPoints: 1 })).code).toBe(2102);
    expect((await platform(server, '/contract/create', { custId: server.custId, startDate: '2026-02-01', endDate: '2026-01-31', purchasedPoints: 1 })).code).toBe(2121);
    const impossible = await platform(server, '/contract/create', { custId: server.custId, startDate: '2026-02-30', endDate: '2026-12-31', purchasedPoints: 1 });
    expect([impossible.code, impossible.data.errors[0].field]).toEqual([1001, 'startDate']);
    expect((await platform(server, '/contract/topup', { contractId: 99_999, points: 5 })).code).toBe(2108);
    expect((await platform(server, '/contract/topup', { contractId: 1, points: 0 })).code).toBe(1001);
    expect((await platform(server, '/contract/list', { custId: 99_999 })).code).toBe(2102);
  });
});

describe('the audit log', () => {
  it('keeps every platform mutation, done or refused, with who and the target, never a password, and no reads', async () => {
    const before = (await auditEntries(server))[0]?.id ?? 0;
    const taxId = uniqueTaxId();
    await platform(server, '/customer/create', { name: 'Audit Co', taxId }, 'alice');
    await platform(server, '/customer/create', { name: 'Audit Co', taxId }, 'alice');
    await platform(server, '/customer/list', undefined, 'alice');
    await platform(server, '/user/create', { custId: server.custId, account: 'audited01', name: 'A', password: 'secret-pw-1' }, 'bob');
    const entries = (await auditEntries(server)).filter((entry) => entry.id > before);
    expect(entries.map(({ operator, call, code }) => ({ operator, call, code }))).toEqual([
      { operator: 'bob', call: '/platform/user/create', code: 200 },
      { operator: 'alice', call: '/platform/customer/create', code: 2101 },
      { operator: 'alice', call: '/platform/customer/create', code: 200 },
    ]);
    expect(JSON.parse(entries[2]?.target ?? '')).toEqual({ name: 'Audit Co', taxId });
    expect(entries[0]?.target).not.toContain('secret-pw-1');
    expect(entries[0]?.at).toBe(new Date(server.clock.now()).toISOString());
    const bySecretOnly = await server.call('/platform/customer/suspend', { body: { custId: 99_999 }, headers: { [PLATFORM_SECRET_HEADER]: SEED.platformSecret } });
    expect(bySecretOnly.json().code).toBe(2102);
    expect((await auditEntries(server, { limit: 1 }))[0]).toMatchObject({ operator: 'platform', call: '/platform/customer/suspend', code: 2102 });
  });

  it('keeps a refused body nested too deeply to write out as such (found by fuzzing: it was a 500)', async () => {
    for (const payload of [`${'['.repeat(50_000)}${']'.repeat(50_000)}`, `{"custId":${'['.repeat(50_000)}${']'.repeat(50_000)}}`]) {
      const response = await server.call('/platform/customer/suspend', { payload, headers: { [PLATFORM_SECRET_HEADER]: SEED.platformSecret } });
      expect([response.statusCode, response.json().code]).toEqual([400, 1001]);
      expect((await auditEntries(server, { limit: 1 }))[0]).toMatchObject({ call: '/platform/customer/suspend', code: 1001, target: UNWRITABLE_TARGET });
    }
  });

  it('pages back by id and filters by call', async () => {
    const [newest, second] = await auditEntries(server, { limit: 2 });
    expect((await auditEntries(server, { limit: 1, before: newest?.id }))[0]?.id).toBe(second?.id);
    const creates = await auditEntries(server, { call: '/platform/customer/create' });
    expect(creates.length).toBeGreaterThan(0);
    expect(creates.every((entry) => entry.call === '/platform/customer/create')).toBe(true);
  });
});
