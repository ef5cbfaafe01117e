import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openDatabase, type Db } from '../../src/server/db/connection.js';

// The connection reuses prepared statements by their SQL text; every answer must stay the one a
// fresh statement gives.

describe('database connection', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-connection-'));
    db = openDatabase(join(dir, DB_FILE_NAME));
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers repeated and varied statements with their own parameters', async () => {
    await sql`create table numbers (n integer primary key, label text not null)`.execute(db);
    for (let n = 1; n <= 300; n += 1) await sql`insert into numbers (n, label) values (${n}, ${`#${n}`})`.execute(db);
    for (let size = 1; size <= 400; size += 7) {
      const ids = Array.from({ length: size }, (_, index) => index + 1);
      const rows = await sql<{ count: number }>`select count(*) as count from numbers where n in (${sql.join(ids)})`.execute(db);
      expect(rows.rows[0]?.count).toBe(Math.min(size, 300));
    }
    const label = (n: number) => sql<{ label: string }>`select label from numbers where n = ${n}`.execute(db);
    expect((await label(7)).rows).toEqual([{ label: '#7' }]);
    expect((await label(250)).rows).toEqual([{ label: '#250' }]);
  });
});
