import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { DB_FILE_NAME, openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';
import { startServer } from '../../src/server/main.js';
import { SEED, testEnv } from './helpers.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-seed-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('seed', () => {
  it('runs on the first start only; a second start keeps the data', async () => {
    const dir = freshDir();
    const config = loadConfig(testEnv(dir));
    const first = openDatabase(join(dir, DB_FILE_NAME));
    await migrateToLatest(first);
    const seeded = await seedIfEmpty(first, config);
    expect(seeded).toMatchObject({ customer: { account: SEED.account, password: SEED.password }, admin: { account: SEED.adminAccount } });
    await first.updateTable('users').set({ name: 'Kept Name' }).execute();
    await first.destroy();

    const second = openDatabase(join(dir, DB_FILE_NAME));
    await migrateToLatest(second);
    expect(await seedIfEmpty(second, config)).toBeUndefined();
    const users = await second.selectFrom('users').select('name').execute();
    expect(users).toEqual([{ name: 'Kept Name' }]);
    const app = await buildApp({ ...config, platformSecret: SEED.platformSecret }, { db: second, logger: false });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: SEED.account, password: SEED.password } });
    expect(login.json().code).toBe(200);
    await app.close();
    await second.destroy();
  });

  it('generates random passwords when none are configured', async () => {
    const dir = freshDir();
    const db = openDatabase(join(dir, DB_FILE_NAME));
    await migrateToLatest(db);
    const seeded = await seedIfEmpty(db, loadConfig({ VIGIL_DATA_DIR: dir }));
    expect(seeded?.customer.account).toBe('demo01');
    expect(seeded?.admin.account).toBe('admin01');
    expect(seeded?.customer.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(seeded?.admin.password).not.toBe(seeded?.customer.password);
    const hash = await db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash.password_hash).not.toContain(seeded?.customer.password ?? '-');
    await db.destroy();
  });
});

describe('startServer', () => {
  it('starts on a fresh data dir, answers health, and closes', async () => {
    const dir = freshDir();
    const config = loadConfig({ ...testEnv(dir), VIGIL_PORT: '0', VIGIL_HOST: '127.0.0.1', VIGIL_LOG_LEVEL: 'silent' });
    const server = await startServer(config);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${server.url}/api/health`);
      const body = (await response.json()) as { data: { status: string } };
      expect(body.data.status).toBe('ok');
    } finally {
      await server.close();
    }
  });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      idleSeconds: 1800,
      maxSessions: 5,
      platformUrl: undefined,
      platformSecret: undefined,
      ssoCodeTtlSeconds: 60,
      publicUrl: 'http://localhost:8080',
      loginMaxFailures: 5,
      loginLockSeconds: 900,
      bodyLimitBytes: 1_048_576,
      logLevel: 'info',
      trustProxy: false,
      seedCustomer: { account: 'demo01', password: undefined },
      seedAdmin: { account: 'admin01', password: undefined },
      importBatchRows: 100,
      importBatchPauseMs: 0,
    });
    expect(config.dataDir).toBe(join(process.cwd(), '.data'));
    expect(config.clientDir).toBe(join(process.cwd(), 'dist/client'));
  });

  it('reads VIGIL_TRUST_PROXY as a flag, a number of hops or a list of addresses', () => {
    const trust = (value: string) => loadConfig({ VIGIL_TRUST_PROXY: value }).trustProxy;
    expect([trust('true'), trust('FALSE'), trust(''), trust('2')]).toEqual([true, false, false, 2]);
    expect(trust('10.0.0.1, 10.1.0.0/16,loopback, ::1')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback', '::1']);
    for (const bad of ['10.0.0.1/33', 'proxy.example.com', '10.0.0.1,', '101']) {
      expect(() => trust(bad), bad).toThrow(/VIGIL_TRUST_PROXY/);
    }
  });

  it('fails fast with the variable name on invalid values', () => {
    const cases: Record<string, string> = {
      VIGIL_PORT: 'http',
      VIGIL_IDLE_SECONDS: '-5',
      VIGIL_MAX_SESSIONS: '0',
      VIGIL_PLATFORM_URL: 'not a url',
      VIGIL_LOG_LEVEL: 'loud',
      VIGIL_SEED_ACCOUNT: 'Bad Account',
      VIGIL_SEED_PASSWORD: '123',
      VIGIL_PLATFORM_SECRET: 'short',
      VIGIL_BODY_LIMIT_BYTES: '1.5',
      VIGIL_TRUST_PROXY: 'maybe',
      VIGIL_IMPORT_BATCH_ROWS: '0',
      VIGIL_IMPORT_BATCH_PAUSE_MS: '-1',
    };
    for (const [key, value] of Object.entries(cases)) {
      expect(() => loadConfig({ [key]: value }), key).toThrow(ConfigError);
      expect(() => loadConfig({ [key]: value }), key).toThrow(key);
    }
  });
});
