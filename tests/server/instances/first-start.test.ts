import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../../src/server/db/seed.js';
import { testEnv } from '../helpers.js';
import { createTestDatabase } from '../test-database.js';
import { SKIP_REASON, skipWithoutPostgres } from './twin-servers.js';

describe.skipIf(skipWithoutPostgres)(`instances started at once on an empty database (${SKIP_REASON})`, () => {
  it('seed the first logins once: one prints them, the others find them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-first-start-'));
    const database = await createTestDatabase(dir);
    const pools = [database.open(), database.open(), database.open()];
    const [first] = pools;
    try {
      if (!first) throw new Error('no pool');
      await migrateToLatest(first);
      const config = loadConfig(testEnv(dir));
      const outcomes = await Promise.all(pools.map((db) => seedIfEmpty(db, config)));
      expect(outcomes.filter((seeded) => seeded !== undefined)).toHaveLength(1);
      const [customers, users, administrators] = await Promise.all(
        (['customers', 'users', 'administrators'] as const).map((table) => first.selectFrom(table).select('id').execute()),
      );
      expect({ customers: customers?.length, users: users?.length, administrators: administrators?.length }).toEqual({ customers: 1, users: 1, administrators: 1 });
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
