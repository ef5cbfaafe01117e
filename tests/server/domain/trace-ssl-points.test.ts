import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { domainFixture, type DomainFixture } from './domain-helpers.js';
import { sslBody, traceBody } from './trace-ssl-helpers.js';

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

const transactions = () =>
  fx.server.db
    .selectFrom('point_transactions')
    .select(['task_id', 'kind', 'points', 'balance_after'])
    .where('cust_id', '=', fx.server.custId)
    .orderBy('id')
    .execute();

describe('contract points of traceroute and SSL tasks', () => {
  it('charges on create, moves the difference on update and gives back on delete, each with a transaction row', async () => {
    const [a, b, c] = fx.nodes;
    const trace = await fx.call('/domain/traceroute/create', traceBody([a, b], { frequencyMinutes: 5 }));
    expect(trace.data.pointsCost).toBe(24);
    const ssl = await fx.call('/domain/ssl/create', sslBody([a, b, c], { frequencyMinutes: 15 }));
    expect(ssl.data.pointsCost).toBe(12);
    expect((await fx.contract()).used_points).toBe(36);
    fx.passDeadlines();
    expect((await fx.call('/domain/traceroute/update', { id: trace.data.id, frequencyMinutes: 60 })).data.pointsCost).toBe(2);
    expect((await fx.call('/domain/ssl/update', { id: ssl.data.id, nodeIds: [a] })).data.pointsCost).toBe(4);
    expect((await fx.contract()).used_points).toBe(6);
    fx.passDeadlines();
    expect((await fx.call('/domain/ssl/delete', { ids: [ssl.data.id] })).data).toEqual({ deleted: 1, returnedPoints: 4 });
    expect((await fx.call('/domain/delete', { ids: [trace.data.id] })).data).toEqual({ deleted: 1, returnedPoints: 2 });
    expect((await fx.contract()).used_points).toBe(0);
    expect(await transactions()).toEqual([
      { task_id: trace.data.id, kind: 'create', points: 24, balance_after: 9_976 },
      { task_id: ssl.data.id, kind: 'create', points: 12, balance_after: 9_964 },
      { task_id: trace.data.id, kind: 'update', points: -22, balance_after: 9_986 },
      { task_id: ssl.data.id, kind: 'update', points: -8, balance_after: 9_994 },
      { task_id: ssl.data.id, kind: 'delete', points: -4, balance_after: 9_998 },
      { task_id: trace.data.id, kind: 'delete', points: -2, balance_after: 10_000 },
    ]);
  });

  it('never overspends under concurrent creates: the ones the contract covers succeed, the rest answer 2111', async () => {
    const [a, b] = fx.nodes;
    // Each task costs 2 × 12 = 24 points; 80 points cover three of them.
    await fx.setPurchased(80);
    const bodies = Array.from({ length: 10 }, (_, index) => {
      const domain = `site${index}.example.com`;
      return index % 2 === 0
        ? (['/domain/traceroute/create', traceBody([a, b], { domain, frequencyMinutes: 5 })] as const)
        : (['/domain/ssl/create', sslBody([a, b], { domain, frequencyMinutes: 5 })] as const);
    });
    const answers = await Promise.all(bodies.map(([path, body]) => fx.call(path, body)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 2111)).toHaveLength(7);
    expect((await fx.contract()).used_points).toBe(72);
    const rows = await transactions();
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.balance_after).sort((x, y) => y - x)).toEqual([56, 32, 8]);
    expect(await fx.server.db.selectFrom('tasks').select('id').where('deleted_at', 'is', null).execute()).toHaveLength(3);
  });
});
