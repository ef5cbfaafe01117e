import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openDatabase, type Db } from '../../../src/server/db/connection.js';
import { foundation } from '../../../src/server/db/migrations/0001-foundation.js';
import { nodes } from '../../../src/server/db/migrations/0002-nodes.js';
import { tasksResults } from '../../../src/server/db/migrations/0003-tasks-results.js';
import { agentJobs } from '../../../src/server/db/migrations/0004-agent-jobs.js';
import { storeCounters } from '../../../src/server/db/migrations/0005-store-counters.js';
import { taskRollups } from '../../../src/server/db/migrations/0006-task-rollups.js';
import type { AnyDb } from '../../../src/server/db/migrations/any-db.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';

/** The migrations that came before the groups tables, under the names the migration list gives them. */
const BEFORE_GROUPS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_nodes': nodes,
  '0003_tasks_results': tasksResults,
  '0004_agent_jobs': agentJobs,
  '0005_store_counters': storeCounters,
  '0006_task_rollups': taskRollups,
};

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-groups-migration-'));
  db = openDatabase(join(dir, DB_FILE_NAME));
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A task row as migration 0003 made the table (later migrations may add columns). */
async function addTask(custId: number, fields: { domain_group: string; tags: string[]; created_at: number; deleted_at?: number }) {
  await (db as unknown as AnyDb)
    .insertInto('tasks')
    .values({
      cust_id: custId,
      type: 3,
      name: 'Shop',
      domain: 'shop.example.com',
      frequency_minutes: 1,
      status: 1,
      node_ids: '[1]',
      version: 1,
      updated_at: fields.created_at,
      deleted_at: fields.deleted_at ?? null,
      domain_group: fields.domain_group,
      tags: JSON.stringify(fields.tags),
      created_at: fields.created_at,
    })
    .execute();
}

describe('migration 0008 (groups)', () => {
  it('turns the domain groups and tags that live tasks already carry into rows of their customer', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => BEFORE_GROUPS } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const customer = async (name: string) =>
      (await db.insertInto('customers').values({ name, tax_id: '12345675', status: 'active' }).returning('id').executeTakeFirstOrThrow()).id;
    const acme = await customer('Acme');
    const other = await customer('Other');
    await addTask(acme, { domain_group: 'web', tags: ['prod', 'eu'], created_at: 2000 });
    await addTask(acme, { domain_group: 'web', tags: ['prod'], created_at: 1000 });
    await addTask(acme, { domain_group: '', tags: [], created_at: 3000 });
    await addTask(acme, { domain_group: 'gone', tags: ['gone-tag'], created_at: 500, deleted_at: 600 });
    await addTask(other, { domain_group: 'web', tags: ['prod'], created_at: 4000 });

    await migrateToLatest(db);
    const rows = (table: 'domain_groups' | 'tags') =>
      db.selectFrom(table).select(['cust_id', 'name', 'created_at']).orderBy('cust_id').orderBy('name').execute();
    expect(await rows('domain_groups')).toEqual([
      { cust_id: acme, name: 'web', created_at: 1000 },
      { cust_id: other, name: 'web', created_at: 4000 },
    ]);
    expect(await rows('tags')).toEqual([
      { cust_id: acme, name: 'eu', created_at: 2000 },
      { cust_id: acme, name: 'prod', created_at: 1000 },
      { cust_id: other, name: 'prod', created_at: 4000 },
    ]);
    expect(await db.selectFrom('ip_groups').selectAll().execute()).toEqual([]);
  });
});
