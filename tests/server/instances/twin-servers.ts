import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import type { ResolvedConfig } from '../../../src/server/context.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../../src/server/db/seed.js';
import { SEED, callerOf, makeClock, signerOf, testEnv, testLogger, type TestServer } from '../helpers.js';
import { createTestDatabase, testEngine } from '../test-database.js';

/** Several instances need one database that more than one process can open: PostgreSQL. */
export const skipWithoutPostgres = testEngine !== 'postgres';
export const SKIP_REASON = 'several instances share a PostgreSQL database (VIGIL_TEST_DB=postgres)';

export interface TwinServers {
  /** Two apps (instances) on one database, each with its own pool; the clock is shared. */
  a: TestServer;
  b: TestServer;
  close: () => Promise<void>;
}

/** Two instances of the app on one freshly migrated and seeded database, as behind a load balancer. */
export async function createTwinServers(env: Record<string, string> = {}): Promise<TwinServers> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-twins-'));
  const config: ResolvedConfig = { ...loadConfig(testEnv(dir, env)), platformSecret: SEED.platformSecret };
  const clock = makeClock();
  const database = await createTestDatabase(dir);
  const first = database.open();
  await migrateToLatest(first);
  const seeded = await seedIfEmpty(first, config, clock.now());
  if (!seeded) throw new Error('seed did not run on a fresh database');
  const instance = async (db = database.open()): Promise<TestServer> => {
    const server = { config, clock, dir, custId: seeded.customer.custId, db } as TestServer;
    server.app = await buildApp(config, { db, now: clock.now, logger: testLogger });
    server.call = callerOf(server);
    server.login = signerOf(server);
    server.restart = () => Promise.reject(new Error('twin servers do not restart'));
    server.close = async () => {
      await server.app.close();
      await server.db.destroy();
    };
    return server;
  };
  const a = await instance(first);
  const b = await instance();
  return {
    a,
    b,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
