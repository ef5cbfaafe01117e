import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { ResolvedConfig } from '../../src/server/context.js';
import type { Db } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { createContract } from '../../src/server/modules/operator/contracts.js';
import { createCustomer, suspendCustomer } from '../../src/server/modules/operator/customers.js';
import { deactivatePrivilege } from '../../src/server/modules/operator/privileges.js';
import { createUser, suspendUser } from '../../src/server/modules/operator/users.js';
import { FULL_TASKS_PRIVILEGE, type TasksPrivilege } from '../../src/shared/roles.js';
import { isCompanyTaxId } from '../../src/shared/validation/predicates.js';

export const SEED = {
  account: 'demo01',
  password: 'demo-pass-1',
  adminAccount: 'admin01',
  adminPassword: 'admin-pass-1',
  platformSecret: 'test-platform-secret-0123456789',
  platformUrl: 'https://platform.example.test/console',
  publicUrl: 'https://vigil.example.test',
} as const;

const wholeSecondsNow = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * Where test servers' clocks start: the real time when the test file started (whole seconds), so
 * results that real agents time-stamp with the machine's clock fall within what the server accepts.
 * The server's test files share this module in a worker (vite.config.ts): tests/support/
 * file-start.ts sets it again before each file, since a worker runs files for minutes.
 */
export let START_TIME = wholeSecondsNow();

export function restartStartTime(): void {
  START_TIME = wholeSecondsNow();
}

export interface Clock {
  now: () => number;
  advanceSeconds: (seconds: number) => void;
}

export function makeClock(start = START_TIME): Clock {
  let time = start;
  return { now: () => time, advanceSeconds: (seconds) => (time += seconds * 1000) };
}

export function testEnv(dir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    VIGIL_DATA_DIR: dir,
    VIGIL_CLIENT_DIR: join(dir, 'no-client'),
    VIGIL_SEED_PASSWORD: SEED.password,
    VIGIL_SEED_ADMIN_PASSWORD: SEED.adminPassword,
    VIGIL_PLATFORM_SECRET: SEED.platformSecret,
    VIGIL_PLATFORM_URL: SEED.platformUrl,
    VIGIL_PUBLIC_URL: SEED.publicUrl,
    ...env,
  };
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Client address; each call gets a fresh one unless given, so address throttling stays out of the way. */
  ip?: string;
  /** Sent as-is instead of JSON-encoding body. */
  payload?: string | Buffer;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** The database under db: open it again after closing db, or point a server process at it. */
  database: TestDatabase;
  config: ResolvedConfig;
  clock: Clock;
  dir: string;
  custId: number;
  call: (path: string, options?: CallOptions) => Promise<LightMyRequestResponse>;
  /** Logs in and answers the token; throws when login fails. */
  login: (account?: string, password?: string) => Promise<string>;
  /** Closes the app and the database, then builds a new app on the same SQLite file (as a restarted server would). */
  restart: () => Promise<void>;
  close: () => Promise<void>;
}

let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function requestHeaders(options: CallOptions): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const hasBody = options.payload !== undefined || options.body !== undefined;
  if (hasBody && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  return headers;
}

/** Tests log nothing; VIGIL_TEST_LOG=error (or another level) shows the server's log while chasing a failure. */
export const testLogger = process.env.VIGIL_TEST_LOG ? { level: process.env.VIGIL_TEST_LOG } : false;

/** Calls under /api on the server's current app (the one after a restart too), as a client would. */
export function callerOf(server: Pick<TestServer, 'app'>): TestServer['call'] {
  return (path, options = {}) =>
    server.app.inject({
      method: options.method ?? 'POST',
      url: `/api${path}`,
      headers: requestHeaders(options),
      remoteAddress: options.ip ?? nextIp(),
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : options.body !== undefined
          ? { payload: JSON.stringify(options.body) }
          : {}),
    });
}

/** Signs in through the login call and answers the token. */
export function signerOf(server: Pick<TestServer, 'call'>): TestServer['login'] {
  return async (account = SEED.account, password = SEED.password) => {
    const response = await server.call('/auth/login', { body: { account, password } });
    const json = response.json();
    if (!json.status) throw new Error(`login failed: ${response.body}`);
    return json.data.token as string;
  };
}

/**
 * A real app on a fresh database (a SQLite file in its own temp dir, or its own PostgreSQL
 * database), migrated and seeded with SEED credentials; `build` adds app options (e.g. a shortened
 * alert minute), kept across restarts.
 */
export async function createTestServer(env: Record<string, string> = {}, build: Pick<BuildOptions, 'alertMinuteMs' | 'imports' | 'logger' | 'background'> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-test-'));
  const config: ResolvedConfig = { ...loadConfig(testEnv(dir, env)), platformSecret: SEED.platformSecret };
  const clock = makeClock();
  const database = await createTestDatabase(dir);
  const db = database.open();
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config, clock.now());
  if (!seeded) throw new Error('seed did not run on a fresh database');
  const server = { config, clock, dir, database, custId: seeded.customer.custId } as TestServer;
  server.db = db;
  server.app = await buildApp(config, { db, now: clock.now, logger: testLogger, ...build });

  server.call = callerOf(server);
  server.login = signerOf(server);

  server.restart = async () => {
    await server.app.close();
    await server.db.destroy();
    server.db = database.open();
    await migrateToLatest(server.db);
    server.app = await buildApp(config, { db: server.db, now: clock.now, logger: testLogger, ...build });
  };

  server.close = async () => {
    await server.app.close();
    await server.db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };

  return server;
}

export interface NewTestUser {
  account: string;
  password?: string;
  custId?: number;
  tasksPrivilege?: TasksPrivilege;
  privilegeStatus?: 'active' | 'deactivated';
  status?: 'active' | 'suspended';
  maxSessions?: number | null;
}

/**
 * Adds a customer account with its own privilege through the operator's verbs (as
 * `npm run admin -- user create` does), then suspends it or deactivates its privilege when asked;
 * answers the user id.
 */
export async function addUser(server: TestServer, user: NewTestUser): Promise<number> {
  const ctx = server.app.vigil;
  const { user: created } = await createUser(ctx, {
    custId: user.custId ?? server.custId,
    account: user.account,
    name: `User ${user.account}`,
    email: `${user.account}@example.com`,
    password: user.password ?? SEED.password,
    tasksPrivilege: user.tasksPrivilege ?? FULL_TASKS_PRIVILEGE,
    maxSessions: user.maxSessions ?? null,
  });
  if (user.status === 'suspended') await suspendUser(ctx, user.account);
  if (user.privilegeStatus === 'deactivated') await deactivatePrivilege(ctx, created.privilegeId);
  return created.id;
}

let taxIdCounter = 10_000_000;
/** A company tax id no customer has yet (the operator's verb refuses a second customer with one: 2101). */
export function uniqueTaxId(): string {
  for (;;) {
    taxIdCounter += 1;
    const text = String(taxIdCounter);
    if (isCompanyTaxId(text)) return text;
  }
}

/** Adds a customer through the operator's verbs (`customer create`, then `suspend` when asked). */
export async function addCustomer(server: TestServer, name: string, status: 'active' | 'suspended' = 'active'): Promise<number> {
  const ctx = server.app.vigil;
  const customer = await createCustomer(ctx, { name, taxId: uniqueTaxId() });
  if (status === 'suspended') await suspendCustomer(ctx, customer.id);
  return customer.id;
}

/** A second customer with a contract of 10,000 points and a signed-in user `other01`: for isolation tests. */
export async function otherCustomerSession(server: TestServer): Promise<{ custId: number; token: string }> {
  const custId = await addCustomer(server, 'Other Ltd');
  await createContract(server.app.vigil, { custId, startDate: '2000-01-01', endDate: '2999-12-31', purchasedPoints: 10_000 });
  await addUser(server, { account: 'other01', custId });
  return { custId, token: await server.login('other01') };
}

/** An administrator's session viewing a customer, through the management platform's SSO code. */
export async function adminLogin(server: TestServer, custId = server.custId): Promise<string> {
  const body = { adminAccount: SEED.adminAccount, adminPassword: SEED.adminPassword, custId };
  const code = await server.call('/platform/sso/code', { body, headers: { 'x-platform-secret': SEED.platformSecret } });
  const session = await server.call('/auth/loginSSO', { body: { authCode: code.json().data.code } });
  if (!session.json().status) throw new Error(`SSO login failed: ${session.body}`);
  return session.json().data.token as string;
}

/** Every error answer must be free of internals. */
export function expectNoInternals(body: string): void {
  const lowered = body.toLowerCase();
  for (const leak of ['stack', ' at ', 'sqlite', 'select ', 'insert ', 'node_modules', '.ts:', 'fst_']) {
    if (lowered.includes(leak)) throw new Error(`error answer leaks "${leak}": ${body}`);
  }
}

/** A server whose client dir holds a minimal built console: index.html and one hashed asset. */
export async function createServerWithBuiltClient(baseDir: string): Promise<TestServer> {
  const clientDir = join(baseDir, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), BUILT_INDEX_HTML);
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return createTestServer({ VIGIL_CLIENT_DIR: clientDir });
}

export const BUILT_INDEX_HTML = '<!doctype html><title>Vigil</title>';
