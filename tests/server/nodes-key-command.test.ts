import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { hashToken } from '../../src/server/security/tokens.js';
import { SEED, testEnv } from './helpers.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'vigil-node-key-'));
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(dir);
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});
/** The command's environment: the data dir, and on PostgreSQL the test database's URL. */
const commandEnv = () => testEnv(dir, database.env);

const KEY = /vgn_[A-Za-z0-9_-]{43}/g;

async function nodeKey(...args: string[]) {
  return run(TSX, ['scripts/node-key.ts', ...args], { cwd: ROOT, env: { ...process.env, ...commandEnv() }, timeout: 90_000 });
}

async function failingNodeKey(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await nodeKey(...args);
  } catch (error) {
    const failure = error as { code: number; stderr: string };
    return { code: failure.code, stderr: failure.stderr };
  }
  throw new Error('the command succeeded');
}

/** Registers with a key against the real app on the same data dir. */
async function registerWith(key: string): Promise<{ statusCode: number; code: number; data: { nodeId?: number; allowPrivateTargets?: boolean } }> {
  const config = { ...loadConfig(commandEnv()), platformSecret: SEED.platformSecret };
  const db = database.open();
  await migrateToLatest(db);
  const app = await buildApp(config, { db, logger: false });
  try {
    const capabilities = { ping: true, fping: true, traceroute: true, mtr: true };
    const response = await app.inject({
      method: 'POST',
      url: '/api/agent/register',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ version: '1.0.0', capabilities, hostname: 'cmd' }),
    });
    return { statusCode: response.statusCode, code: response.json().code, data: response.json().data };
  } finally {
    await app.close();
    await db.destroy();
  }
}

describe('scripts/node-key.ts', () => {
  it('prints a working key for a catalogue node exactly once, and a new key replaces the old one', { timeout: 240_000 }, async () => {
    const first = await nodeKey('--node', 'local');
    const keys = first.stdout.match(KEY) ?? [];
    expect(keys).toHaveLength(1);
    const key = keys[0] ?? '';
    expect(first.stdout).toContain('npm run agent -- --server');
    const accepted = await registerWith(key);
    expect([accepted.statusCode, accepted.data.allowPrivateTargets]).toEqual([200, false]);

    const db = database.open();
    const stored = await db.selectFrom('nodes').select(['id', 'key_hash']).where('slug', '=', 'local').executeTakeFirstOrThrow();
    await db.destroy();
    expect(stored.key_hash).toBe(hashToken(key));

    const second = await nodeKey('--node', String(stored.id), '--allow-private');
    const replacement = second.stdout.match(KEY)?.[0] ?? '';
    expect(replacement).not.toBe(key);
    expect((await registerWith(key)).code).toBe(2308);
    expect((await registerWith(replacement)).data).toMatchObject({ nodeId: stored.id, allowPrivateTargets: true });
  });

  it('creates a new node with its key', { timeout: 240_000 }, async () => {
    const { stdout } = await nodeKey('--new', '--city', 'Kaohsiung Lab', '--country', 'tw', '--isp', '8', '--dns', '168.95.1.1', '--lat', '22.6', '--lon', '120.3', '--json');
    const issued = JSON.parse(stdout) as { nodeId: number; name: string; key: string; allowPrivateTargets: boolean };
    expect(issued).toMatchObject({ name: 'Kaohsiung Lab', allowPrivateTargets: false });
    expect((await registerWith(issued.key)).data.nodeId).toBe(issued.nodeId);
    const db = database.open();
    const row = await db.selectFrom('nodes').selectAll().where('id', '=', issued.nodeId).executeTakeFirstOrThrow();
    await db.destroy();
    expect(row).toMatchObject({ city: 'Kaohsiung Lab', country: 'TW', region: null, isp: 8, map_type: 3, dns_server: '168.95.1.1', latitude: 22.6, longitude: 120.3 });
  });

  it('explains bad input and prints no key', { timeout: 240_000 }, async () => {
    const unknown = await failingNodeKey('--node', '999999');
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('No such node')]);
    const invalid = await failingNodeKey('--new', '--city', 'Nowhere', '--country', 'ZZ', '--dns', 'not-an-ip');
    expect(invalid.stderr).toMatch(/--country[\s\S]*--dns/);
    expect(invalid.stderr).not.toMatch(KEY);
  });
});
