import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openDatabase, type Db } from '../../../src/server/db/connection.js';
import { MIGRATIONS, migrateToLatest } from '../../../src/server/db/migrations/index.js';

let dir: string;
let db: Db;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-operator-migration-'));
  db = openDatabase(join(dir, DB_FILE_NAME));
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0024: point transactions without a task, session end codes, the audit log', () => {
  it('rebuilds point_transactions keeping every row, its id and its indexes, and then takes top-ups', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo('0020_imports')).error).toBeUndefined();
    await sql`insert into customers (id, name, tax_id) values (7, 'Old Co', '12345675')`.execute(db);
    await sql`insert into contracts (id, cust_id, start_date, end_date, purchased_points, used_points) values (3, 7, '2026-01-01', '2026-12-31', 100, 12)`.execute(db);
    await sql`insert into point_transactions (id, cust_id, contract_id, task_id, kind, points, balance_after, created_at, note)
      values (41, 7, 3, 9, 'create', 12, 88, 1000, 'web')`.execute(db);
    await expect(sql`insert into point_transactions (cust_id, contract_id, task_id, kind, points, balance_after, created_at) values (7, 3, null, 'topup', -5, 93, 2000)`.execute(db)).rejects.toThrow();

    await migrateToLatest(db);
    expect(await db.selectFrom('point_transactions').selectAll().execute()).toEqual([
      { id: 41, cust_id: 7, contract_id: 3, task_id: 9, kind: 'create', points: 12, balance_after: 88, created_at: 1000, note: 'web' },
    ]);
    await db.insertInto('point_transactions').values({ cust_id: 7, contract_id: 3, task_id: null, kind: 'topup', points: -5, balance_after: 93, created_at: 2000, note: '' }).execute();
    const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'point_transactions' and name not like 'sqlite_%' order by name`.execute(db);
    // 0025 adds the points log's time and kind indexes after the rebuild.
    expect(indexes.rows.map((row) => row.name)).toEqual(['point_transactions_cust', 'point_transactions_cust_kind_time', 'point_transactions_cust_time', 'point_transactions_task']);
    const columns = await sql<{ name: string }>`select name from pragma_table_info('sessions')`.execute(db);
    expect(columns.rows.map((row) => row.name)).toContain('end_code');
    expect(await db.selectFrom('platform_audit').selectAll().execute()).toEqual([]);
  });
});
