import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import type { Db } from '../../../src/server/db/connection.js';
import { startServer, type RunningServer } from '../../../src/server/main.js';
import { API_KEY_BURST } from '../../../src/server/modules/api-keys/rate-limit.js';
import { SEED, testEnv } from '../helpers.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';
import { createTwinServers, SKIP_REASON, skipWithoutPostgres, type TwinServers } from './twin-servers.js';

interface Answer {
  status: boolean;
  code: number;
  data: Record<string, unknown>;
}

/** Two real server starts on one database, each with a data dir of its own and no secret configured. */
describe.skipIf(skipWithoutPostgres)(`two instances with separate data dirs (${SKIP_REASON})`, () => {
  const dirs: string[] = [];
  let database: TestDatabase;
  let reader: Db;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(mkdtempSync(join(tmpdir(), 'vigil-twin-db-')));
    const configOf = () => {
      const dir = mkdtempSync(join(tmpdir(), 'vigil-twin-dir-'));
      dirs.push(dir);
      const env: Record<string, string> = { ...testEnv(dir, database.env), VIGIL_PORT: '0', VIGIL_HOST: '127.0.0.1', VIGIL_LOG_LEVEL: 'silent' };
      delete env.VIGIL_PLATFORM_SECRET;
      return loadConfig(env);
    };
    // One after the other: the first start seeds the database (seeding is not made for starts racing).
    servers.push(await startServer(configOf()));
    servers.push(await startServer(configOf()));
    reader = database.open();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await reader?.destroy();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const post = async (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return (await response.json()) as Answer;
  };

  it('serve the same VAPID public key, so a browser subscribed through one verifies pushes signed by the other', async () => {
    const keys = await Promise.all(
      servers.map(async (server) => {
        const login = await post(server, '/auth/login', { account: SEED.account, password: SEED.password });
        return (await post(server, '/push/key', {}, { authorization: `Bearer ${String(login.data.token)}` })).data.publicKey;
      }),
    );
    expect(keys[0]).toMatch(/^B[\w-]{86}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('accept the same generated platform secret, and refuse another', async () => {
    const { value: secret } = await reader.selectFrom('server_secrets').select('value').where('name', '=', 'platform_secret').executeTakeFirstOrThrow();
    const { id: custId } = await reader.selectFrom('customers').select('id').executeTakeFirstOrThrow();
    const body = { adminAccount: SEED.adminAccount, adminPassword: SEED.adminPassword, custId };
    for (const server of servers) {
      expect(await post(server, '/platform/sso/code', body, { 'x-platform-secret': secret })).toMatchObject({ status: true, data: { code: expect.any(String) } });
      expect((await post(server, '/platform/sso/code', body, { 'x-platform-secret': `${secret}x` })).code).toBe(401);
    }
  });
});

describe.skipIf(skipWithoutPostgres)(`two instances on one database: API-key rate (${SKIP_REASON})`, () => {
  let twins: TwinServers;
  let token: string;
  beforeAll(async () => {
    twins = await createTwinServers();
    token = await twins.a.login();
  });
  afterAll(() => twins?.close());

  const newKey = async (name: string) => {
    const created = await twins.a.call('/apikey/create', { token, body: { name, scope: 'read' } });
    return created.json().data.secret as string;
  };
  const listWith = async (on: 'a' | 'b', key: string) => {
    const response = await twins[on].call('/tags/list', { token: key, body: {} });
    return { ...(response.json() as Answer), retryAfter: response.headers['retry-after'] };
  };

  it(`allow ${API_KEY_BURST} calls at once in all, wherever they land, then refuse on both until the bucket refills`, async () => {
    const key = await newKey('alternating');
    for (let index = 0; index < API_KEY_BURST; index += 1) expect((await listWith(index % 2 === 0 ? 'a' : 'b', key)).status).toBe(true);
    expect(await listWith('a', key)).toMatchObject({ status: false, code: 2035, retryAfter: '1' });
    expect(await listWith('b', key)).toMatchObject({ status: false, code: 2035, retryAfter: '1' });
    twins.a.clock.advanceSeconds(1);
    expect((await listWith('b', key)).status).toBe(true);
    expect((await listWith('a', key)).code).toBe(2035);
  });

  it('never let calls made at the same moment on both instances pass the burst', async () => {
    const key = await newKey('concurrent');
    const extra = 10;
    const answers = await Promise.all(Array.from({ length: API_KEY_BURST + extra }, (_, index) => listWith(index % 2 === 0 ? 'a' : 'b', key)));
    expect(answers.filter((answer) => answer.status)).toHaveLength(API_KEY_BURST);
    expect(answers.filter((answer) => answer.code === 2035)).toHaveLength(extra);
  });
});
