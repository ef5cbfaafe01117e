import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEYS_ACTIVE_MAX } from '../../src/shared/calls/api-keys.js';
import { API_KEY_BURST } from '../../src/server/modules/api-keys/rate-limit.js';
import { hashToken } from '../../src/server/security/tokens.js';
import { adminLogin, addUser, createTestServer, expectNoInternals, otherCustomerSession, type TestServer } from './helpers.js';

let server: TestServer;
let token: string;

beforeEach(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterEach(() => server.close());

interface Answer {
  httpStatus: number;
  status: boolean;
  code: number;
  name: string;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many calls
  data: any;
  retryAfter: string | undefined;
}

async function call(bearer: string, path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<Answer> {
  const response = await server.call(path, { token: bearer, method, ...(body === undefined ? {} : { body }) });
  const json = response.json();
  if (!json.status) expectNoInternals(response.body);
  const retryAfter = response.headers['retry-after'];
  return { httpStatus: response.statusCode, ...json, retryAfter: retryAfter === undefined ? undefined : String(retryAfter) };
}

async function createKey(session: string, body: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
  const answer = await call(session, '/apikey/create', { name: 'CI script', scope: 'readWrite', ...body });
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  return { id: answer.data.key.id, secret: answer.data.secret };
}

async function listed(session: string, id: number) {
  const answer = await call(session, '/apikey/list');
  return answer.data.items.find((item: { id: number }) => item.id === id);
}

describe('creating and listing keys', () => {
  it('answers the secret once; the list and the database never hold it', async () => {
    const created = await call(token, '/apikey/create', { name: '  nightly export  ', scope: 'read' });
    expect(created.status).toBe(true);
    const { key, secret } = created.data;
    expect(secret).toMatch(/^vgk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'nightly export', scope: 'read', state: 'active', createdBy: 'Demo User', lastUsedAt: null, expiresAt: null, revokedAt: null });
    expect(secret.startsWith(key.hint)).toBe(true);
    expect(key.hint.length).toBe(12);

    const list = await call(token, '/apikey/list');
    expect(list.data.items).toEqual([key]);
    expect(list.data.remaining).toBe(API_KEYS_ACTIVE_MAX - 1);
    expect(JSON.stringify(list.data)).not.toContain(secret);
    const row = await server.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    expect(row.key_hash).toBe(hashToken(secret));
  });

  it('refuses a missing name, an unknown scope and an expiry that is not ahead', async () => {
    const answer = await call(token, '/apikey/create', { name: ' ', scope: 'admin', expiresAt: server.clock.now() });
    expect(answer.code).toBe(1001);
    const fields = answer.data.errors.map((error: { field: string; code: number }) => [error.field, error.code]);
    expect(fields).toEqual(expect.arrayContaining([['name', 10010002], ['scope', 10010003]]));
    const past = await call(token, '/apikey/create', { name: 'x', scope: 'read', expiresAt: server.clock.now() - 1 });
    expect(past.code).toBe(1001);
    expect(past.data.errors[0]).toMatchObject({ field: 'expiresAt', code: 10010003 });
    expect(await server.db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
  });

  it(`stops at ${API_KEYS_ACTIVE_MAX} active keys (2036); revoking one makes room`, async () => {
    const ids: number[] = [];
    for (let index = 0; index < API_KEYS_ACTIVE_MAX; index += 1) ids.push((await createKey(token, { name: `key ${index}` })).id);
    const refused = await call(token, '/apikey/create', { name: 'one more', scope: 'read' });
    expect([refused.httpStatus, refused.code]).toEqual([409, 2036]);
    await call(token, '/apikey/revoke', { id: ids[0] });
    expect((await call(token, '/apikey/create', { name: 'one more', scope: 'read' })).status).toBe(true);
  });
});

describe('a key on the calls a customer makes', () => {
  it('reads with the customer\'s data and records its last use at most once a minute', async () => {
    await call(token, '/tags/create', { name: 'prod' });
    const { id, secret } = await createKey(token, { scope: 'read' });
    const tags = await call(secret, '/tags/list', {});
    expect(tags.data.list.map((tag: { name: string }) => tag.name)).toEqual(['prod']);
    expect((await call(secret, '/domain/monitor_qty', undefined, 'GET')).status).toBe(true);
    const firstUse = new Date(server.clock.now()).toISOString();
    expect((await listed(token, id)).lastUsedAt).toBe(firstUse);

    server.clock.advanceSeconds(30);
    await call(secret, '/tags/list', {});
    expect((await listed(token, id)).lastUsedAt).toBe(firstUse);
    server.clock.advanceSeconds(31);
    await call(secret, '/tags/list', {});
    expect((await listed(token, id)).lastUsedAt).toBe(new Date(server.clock.now()).toISOString());
  });

  it('a read-only key is refused on a mutation (2033); a read-write key may change data', async () => {
    const readOnly = await createKey(token, { scope: 'read' });
    const refused = await call(readOnly.secret, '/tags/create', { name: 'prod' });
    expect([refused.httpStatus, refused.code, refused.name]).toEqual([403, 2033, 'API_KEY_READ_ONLY']);
    expect(refused.message).toMatch(/read-only/);
    const readWrite = await createKey(token, { scope: 'readWrite' });
    expect((await call(readWrite.secret, '/tags/create', { name: 'prod' })).status).toBe(true);
  });

  it("acts with its creator's privileges: a view-only creator's read-write key cannot change tasks", async () => {
    await addUser(server, { account: 'viewer01', tasksPrivilege: { overview: 'view', monitor: 'view', alert: 'none', nodes: 'view' } });
    const viewer = await server.login('viewer01');
    const { secret } = await createKey(viewer, { scope: 'readWrite' });
    expect((await call(secret, '/tags/list', {})).status).toBe(true);
    expect((await call(secret, '/tags/create', { name: 'prod' })).httpStatus).toBe(403);
    expect((await call(secret, '/alert/rule/list', {})).httpStatus).toBe(403);
  });

  it('is refused on session-only calls (2034), whatever its scope', async () => {
    const { secret } = await createKey(token);
    const sessionOnly: [string, unknown, 'GET' | 'POST'][] = [
      ['/auth/logout', undefined, 'POST'],
      ['/auth/wakening', undefined, 'POST'],
      ['/auth/ssotoback', undefined, 'GET'],
      ['/profile', undefined, 'POST'],
      ['/profile/update', { name: 'x', email: 'x@example.com' }, 'POST'],
      ['/push/key', undefined, 'POST'],
      ['/inbox/list', {}, 'POST'],
      ['/apikey/list', undefined, 'POST'],
      ['/apikey/create', { name: 'child', scope: 'read' }, 'POST'],
    ];
    for (const [path, body, method] of sessionOnly) {
      const answer = await call(secret, path, body, method);
      expect([path, answer.httpStatus, answer.code]).toEqual([path, 403, 2034]);
    }
    expect(await server.db.selectFrom('api_keys').select('id').execute()).toHaveLength(1);
    // The session the key was created in is untouched by the key's logout attempt.
    expect((await call(token, '/profile')).status).toBe(true);
  });

  it('an unknown key is 401 and no session', async () => {
    const answer = await call('vgk_' + 'A'.repeat(43), '/tags/list', {});
    expect([answer.httpStatus, answer.code]).toEqual([401, 401]);
  });
});

describe('expiry, revocation and the creator', () => {
  it('an expired key answers 2032 (401) and is listed as expired', async () => {
    const { id, secret } = await createKey(token, { expiresAt: server.clock.now() + 3600_000 });
    expect((await call(secret, '/tags/list', {})).status).toBe(true);
    server.clock.advanceSeconds(3600);
    const refused = await call(secret, '/tags/list', {});
    expect([refused.httpStatus, refused.code, refused.name]).toEqual([401, 2032, 'API_KEY_EXPIRED']);
    expect(refused.message).toMatch(/expired/);
    // The session went idle meanwhile; the key's life does not depend on any session.
    expect((await listed(await server.login(), id)).state).toBe('expired');
  });

  it('a revoked key answers 2031 (401) at once; revoking again changes nothing', async () => {
    const { id, secret } = await createKey(token);
    expect((await call(secret, '/tags/list', {})).status).toBe(true);
    const revoked = await call(token, '/apikey/revoke', { id });
    expect(revoked.data).toMatchObject({ id, state: 'revoked', revokedAt: new Date(server.clock.now()).toISOString() });
    const refused = await call(secret, '/tags/list', {});
    expect([refused.httpStatus, refused.code]).toEqual([401, 2031]);
    server.clock.advanceSeconds(10);
    const again = await call(token, '/apikey/revoke', { id });
    expect(again.data.revokedAt).toBe(revoked.data.revokedAt);
  });

  it('a suspended creator or customer stops the key (2005), a deactivated privilege too (2006)', async () => {
    const userId = await addUser(server, { account: 'script01' });
    const { secret } = await createKey(await server.login('script01'));
    await server.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', userId).execute();
    expect((await call(secret, '/tags/list', {})).code).toBe(2005);
    await server.db.updateTable('users').set({ status: 'active' }).where('id', '=', userId).execute();
    const user = await server.db.selectFrom('users').select('privilege_id').where('id', '=', userId).executeTakeFirstOrThrow();
    await server.db.updateTable('privileges').set({ status: 'deactivated' }).where('id', '=', user.privilege_id).execute();
    expect((await call(secret, '/tags/list', {})).code).toBe(2006);
    await server.db.updateTable('privileges').set({ status: 'active' }).where('id', '=', user.privilege_id).execute();
    await server.db.updateTable('customers').set({ status: 'suspended' }).where('id', '=', server.custId).execute();
    expect((await call(secret, '/tags/list', {})).code).toBe(2005);
    await server.db.updateTable('customers').set({ status: 'active' }).where('id', '=', server.custId).execute();
    expect((await call(secret, '/tags/list', {})).status).toBe(true);
  });
});

describe('rate limit', () => {
  it(`allows ${API_KEY_BURST} calls at once, then answers 2035 (429, Retry-After) until the bucket refills`, async () => {
    const { secret } = await createKey(token);
    for (let index = 0; index < API_KEY_BURST; index += 1) expect((await call(secret, '/tags/list', {})).status).toBe(true);
    const limited = await call(secret, '/tags/list', {});
    expect([limited.httpStatus, limited.code, limited.name, limited.retryAfter]).toEqual([429, 2035, 'API_KEY_RATE_LIMITED', '1']);
    // Another key of the same customer has its own bucket, and sessions are not limited.
    expect((await call((await createKey(token, { name: 'other' })).secret, '/tags/list', {})).status).toBe(true);
    expect((await call(token, '/tags/list', {})).status).toBe(true);
    server.clock.advanceSeconds(1);
    expect((await call(secret, '/tags/list', {})).status).toBe(true);
    expect((await call(secret, '/tags/list', {})).code).toBe(2035);
  });
});

describe('tenant isolation and administrators', () => {
  it("another customer neither sees nor revokes the keys, and its own key reads only its data", async () => {
    const { id, secret } = await createKey(token);
    await call(token, '/tags/create', { name: 'mine' });
    const other = await otherCustomerSession(server);
    expect((await call(other.token, '/apikey/list')).data.items).toEqual([]);
    const refused = await call(other.token, '/apikey/revoke', { id });
    expect([refused.httpStatus, refused.code]).toEqual([404, 2001]);
    expect((await call(secret, '/tags/list', {})).status).toBe(true);
    const theirs = await createKey(other.token);
    expect((await call(theirs.secret, '/tags/list', {})).data.total).toBe(0);
    expect((await call(token, '/apikey/list')).data.items.map((item: { id: number }) => item.id)).toEqual([id]);
  });

  it('an administrator viewing lists the keys but may neither create nor revoke (2007)', async () => {
    const { id, secret } = await createKey(token);
    const admin = await adminLogin(server);
    expect((await call(admin, '/apikey/list')).data.items.map((item: { id: number }) => item.id)).toEqual([id]);
    expect((await call(admin, '/apikey/create', { name: 'admin key', scope: 'read' })).code).toBe(2007);
    expect((await call(admin, '/apikey/revoke', { id })).code).toBe(2007);
    expect((await call(secret, '/tags/list', {})).status).toBe(true);
  });

  it('unknown ids answer 2001', async () => {
    expect((await call(token, '/apikey/revoke', { id: 999 })).code).toBe(2001);
  });
});

describe('the OpenAPI document', () => {
  it('names the key scheme and the scope each call needs', async () => {
    const doc = (await server.call('/docs', { method: 'GET' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/tags/list'].post['x-api-key']).toBe('read');
    expect(doc.paths['/api/tags/create'].post['x-api-key']).toBe('readWrite');
    expect(doc.paths['/api/apikey/create'].post['x-api-key']).toBe(false);
    expect(doc.paths['/api/profile'].post.security).toEqual([{ bearerAuth: [] }]);
  });
});
