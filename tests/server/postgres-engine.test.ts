import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DetailSummaryAnswer } from '../../src/shared/calls/domain-detail-answers.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { HOUR, MINUTE, detailFixture, httpCheck } from './domain-detail/detail-helpers.js';
import { createGroupsWorld } from './groups/groups-helpers.js';
import { snapshotTransaction } from '../../src/server/db/sql-dialect.js';
import { createTestServer } from './helpers.js';
import { testEngine } from './test-database.js';

const NAME_TAKEN = 2014;
const BEYOND_INT32 = 2 ** 31;

/** What a user would see go wrong if the server spoke PostgreSQL as if it were SQLite (SQLite runs cover the rest). */
describe.skipIf(testEngine !== 'postgres')('on PostgreSQL', () => {
  it('reads epoch-millisecond times and sums beyond 2^31 back as numbers', async () => {
    const f = await detailFixture();
    try {
      const taskId = await f.task({ type: MONITOR_TYPES.HTTP, name: 'Slow', domain: 'slow.example.com', frequencyMinutes: 1, nodes: ['beijingTelecom'] });
      const slowMs = 1_500_000_000;
      await f.ingest('beijingTelecom', taskId, [httpCheck(f.now - 2 * MINUTE, { totalMs: slowMs }), httpCheck(f.now - MINUTE, { totalMs: slowMs })]);
      const summary = DetailSummaryAnswer.parse((await f.call('/domain/detail/summary', { id: taskId, range: { hours: 1 } })).data);
      expect(f.now).toBeGreaterThan(BEYOND_INT32);
      expect(summary).toMatchObject({ count: 2, successes: 2, maxResponseMs: slowMs, lastCheckAt: new Date(f.now - MINUTE).toISOString() });
      // The latency sum (3e9) is past 2^31: read as text or wrapped, the average would not be the latency.
      expect(summary.avgResponseMs).toBe(slowMs);
      expect(summary.from).toBe(new Date(f.now - HOUR).toISOString());
    } finally {
      await f.close();
    }
  });

  it("reads one snapshot in a range read's transaction: what commits meanwhile is not seen by its later statements", async () => {
    const server = await createTestServer();
    try {
      const customers = async (db: Pick<typeof server.db, 'selectFrom'>) => (await db.selectFrom('customers').select('id').execute()).length;
      const [before, after] = await snapshotTransaction(server.db).execute(async (trx) => {
        const first = await customers(trx);
        await server.db.insertInto('customers').values({ name: 'Meanwhile', tax_id: '12345675', status: 'active' }).execute();
        return [first, await customers(trx)];
      });
      expect(after).toBe(before);
      expect(await customers(server.db)).toBe(before + 1);
    } finally {
      await server.close();
    }
  });

  it("compiles no statement with JIT (a last hour's per-task sums would pay for it on every overview)", async () => {
    const server = await createTestServer();
    try {
      const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(server.db);
      expect(rows[0]?.jit).toBe('off');
    } finally {
      await server.close();
    }
  });

  it('finds names by a keyword in any ASCII case', async () => {
    const world = await createGroupsWorld();
    try {
      for (const name of ['Edge-North', 'edge-south', 'core']) await world.call(world.mine.token, '/tags/create', { name });
      const found = await world.call(world.mine.token, '/tags/list', { keyword: 'EDGE' });
      expect(found.data.list.map((row: { name: string }) => row.name).sort()).toEqual(['Edge-North', 'edge-south']);
    } finally {
      await world.close();
    }
  });

  it('answers one success and one NAME_TAKEN to two creates of the same name at once, never a 500', async () => {
    const world = await createGroupsWorld();
    try {
      const kinds = [
        { create: '/tags/create', list: '/tags/list', body: { name: 'twin' } },
        { create: '/domain_group/create', list: '/domain_group/list', body: { name: 'twin' } },
        { create: '/domain_group/addr', list: '/domain_group/addr/search', body: { name: 'twin', ips: ['192.0.2.1'] } },
      ];
      for (const kind of kinds) {
        const answers = await Promise.all([1, 2].map(() => world.call(world.mine.token, kind.create, kind.body)));
        expect(answers.map((answer) => answer.statusCode)).not.toContain(500);
        expect(answers.map((answer) => answer.code).sort()).toEqual([200, NAME_TAKEN]);
        expect((await world.call(world.mine.token, kind.list, {})).data.total).toBe(1);
      }
    } finally {
      await world.close();
    }
  });
});
