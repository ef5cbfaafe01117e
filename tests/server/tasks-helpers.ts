import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedNodeCatalogueIfEmpty } from '../../src/server/db/node-catalogue.js';
import { createCustomer } from '../../src/server/modules/operator/customers.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import type { CheckResult } from '../../src/shared/probe/results.js';
import type { StoreContext } from '../../src/server/modules/tasks/store-context.js';
import type { TaskInput } from '../../src/server/modules/tasks/task-input.js';
import { uniqueTaxId } from './helpers.js';
import { createTestDatabase } from './test-database.js';

export const STORE_START = Date.parse('2026-03-01T08:00:00.000Z');

export interface TestStore {
  db: Db;
  ctx: StoreContext;
  custId: number;
  otherCustId: number;
  advanceSeconds: (seconds: number) => void;
  setTime: (ms: number) => void;
  close: () => Promise<void>;
}

/** A migrated test database (see test-database.ts) with the node catalogue, two customers and a movable clock. */
export async function createTestStore(deployDeadlineMs?: number): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-store-'));
  const database = await createTestDatabase(dir);
  const db = database.open();
  await migrateToLatest(db);
  await seedNodeCatalogueIfEmpty(db, STORE_START);
  let time = STORE_START;
  const customer = (name: string) => createCustomer({ db, now: () => time }, { name, taxId: uniqueTaxId() });
  const custId = (await customer('Acme')).id;
  const otherCustId = (await customer('Other')).id;
  const ctx: StoreContext = { db, now: () => time, ...(deployDeadlineMs === undefined ? {} : { deployDeadlineMs }) };
  return {
    db,
    ctx,
    custId,
    otherCustId,
    advanceSeconds: (seconds) => (time += seconds * 1000),
    setTime: (ms) => (time = ms),
    close: async () => {
      await db.destroy();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function httpTaskInput(overrides: Partial<TaskInput> = {}): TaskInput {
  return { type: MONITOR_TYPES.HTTP, name: 'Shop', domain: 'shop.example.com', frequencyMinutes: 1, nodeIds: [1, 2], ...overrides };
}

/** A TCP result as an agent reports it. */
export function tcpResult(startedAt: number, ok: boolean, connectMs: number | null): CheckResult {
  return {
    type: MONITOR_TYPES.TCP,
    ok,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: connectMs ?? 5000,
    failure: ok ? null : { source: 'target', code: 'timeout' },
    resolvedIps: ['192.0.2.10'],
    ipMatched: null,
    details: { ip: '192.0.2.10', port: 443, connectMs },
  };
}

/** An HTTP result with a given total time and status code. */
export function httpResult(startedAt: number, statusCode: number | '000', totalMs: number | null): CheckResult {
  const ok = statusCode !== '000' && statusCode < 400;
  return {
    type: MONITOR_TYPES.HTTP,
    ok,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: totalMs ?? 10_000,
    failure: ok ? null : statusCode === '000' ? { source: 'target', code: 'unreachable' } : { source: 'target', code: 'http_status' },
    resolvedIps: statusCode === '000' ? [] : ['192.0.2.20'],
    ipMatched: statusCode === '000' ? null : true,
    details: {
      ip: statusCode === '000' ? null : '192.0.2.20',
      statusCode,
      timings: { dnsMs: 1.25, connectMs: 2.5, tlsMs: null, ttfbMs: totalMs === null ? null : totalMs * 0.8, totalMs },
      bodyBytes: 512,
      redirects: 0,
      finalUrl: 'http://shop.example.com/',
      certificate: null,
      tlsAuthorized: null,
      tlsAuthorizationError: null,
    },
  };
}

/** A node with a chosen id outside the catalogue. */
export async function addNode(db: Db, id: number): Promise<void> {
  await db
    .insertInto('nodes')
    .values({ id, name: `Node ${id}`, city: 'Test', country: 'SG', isp: 9, map_type: 2, dns_server: '8.8.8.8', latitude: 1.3, longitude: 103.8, created_at: STORE_START })
    .execute();
}
