import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import type { Db } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { SEED, testEnv, uniqueTaxId } from '../helpers.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

/** `npm run admin` end to end: the command in its own process on a data dir the real app serves. */

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'vigil-admin-'));
let database: TestDatabase;
let db: Db;
let app: FastifyInstance;
/** The command's environment: the data dir, and on PostgreSQL the test database's URL. */
const commandEnv = () => testEnv(dir, database.env);

async function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, ['scripts/admin.ts', ...args], { cwd: ROOT, env: { ...process.env, ...commandEnv() }, timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

const json = async (...args: string[]) => {
  const result = await admin(...args, '--json');
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
};

async function call(path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) };
  const response = await app.inject({ method: 'POST', url: `/api${path}`, headers, payload: JSON.stringify(body) });
  return response.json<{ status: boolean; code: number; data: Record<string, unknown> }>();
}

beforeAll(async () => {
  // The server's database exists first (migrated, never seeded: the operator makes everything).
  database = await createTestDatabase(dir);
  db = database.open();
  await migrateToLatest(db);
  app = await buildApp({ ...loadConfig(commandEnv()), platformSecret: SEED.platformSecret }, { db, logger: false, background: false });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('makes a customer, a contract, a user and a top-up that the running app serves, then a suspension ends the session (2005)', { timeout: 300_000 }, async () => {
    const customer = await json('customer', 'create', '--name', 'Cli Customer', '--tax-id', uniqueTaxId());
    const contract = await json('contract', 'create', '--cust-id', String(customer.id), '--start-date', '2020-01-01', '--end-date', '2999-12-31', '--purchased-points', '100');
    const topup = await admin('contract', 'topup', '--contract-id', String(contract.id), '--points', '50', '--by', 'carol');
    expect(topup.stdout).toMatch(/purchasedPoints: 150/);
    const user = await admin('user', 'create', '--cust-id', String(customer.id), '--account', 'cliuser01', '--name', 'Cli User', '--max-sessions', '3');
    expect(user.stdout).toMatch(/account: cliuser01/);
    const password = /password: (\S+) {3}\(shown only this once/.exec(user.stdout)?.[1] ?? '';
    expect(password).toHaveLength(16);

    const signedIn = await call('/auth/login', { account: 'cliuser01', password });
    expect(signedIn.status).toBe(true);
    const token = signedIn.data.token as string;
    expect((await call('/account/info', {}, token)).data).toMatchObject({ contract: { purchasedPoints: 150, remainingPoints: 150 } });

    const suspended = await admin('user', 'suspend', '--account', 'cliuser01');
    expect([suspended.code, suspended.stdout]).toEqual([0, expect.stringMatching(/status: suspended[\s\S]*endedSessions: 1/)]);
    expect((await call('/profile', {}, token)).code).toBe(2005);

    const audit = await json('audit', 'list', '--limit', '3');
    expect((audit.entries as { operator: string; call: string; code: number }[]).map(({ operator, call: path, code }) => [operator, path, code])).toEqual([
      [userInfo().username, '/platform/user/suspend', 200],
      [userInfo().username, '/platform/user/create', 200],
      ['carol', '/platform/contract/topup', 200],
    ]);
  });

  it('lists the verbs from the call table and each verb\'s fields', { timeout: 120_000 }, async () => {
    const help = await admin('help');
    for (const verb of ['customer create', 'customer suspend', 'contract topup', 'user limit', 'privilege deactivate', 'node key', 'audit list']) expect(help.stdout).toContain(verb);
    const fields = await admin('user', 'create', '--help');
    expect(fields.stdout).toMatch(/--cust-id <number>[\s\S]*--tasks-privilege <JSON> {2}\(optional\)/);
  });

  it('exits non-zero with the refusal\'s text and code, and the fields in error as flags', { timeout: 120_000 }, async () => {
    const unknown = await admin('customer', 'suspend', '--cust-id', '99999');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'Refused: The customer ID is missing (2102 CUSTOMER_ID_MISSING)']);
    const bad = await admin('contract', 'create', '--cust-id', 'x', '--start-date', '2026-13-01', '--end-date', '2026-12-31', '--purchased-points', '5');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Bad parameter \(1001[\s\S]*--cust-id: Wrong type[\s\S]*--start-date: Invalid format/);
    const noVerb = await admin('customer', 'explode');
    expect([noVerb.code, noVerb.stderr]).toEqual([1, expect.stringContaining('No verb "customer explode"')]);
  });
});
