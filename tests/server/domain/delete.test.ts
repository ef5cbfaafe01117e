import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

const liveIds = async () =>
  (await fx.server.db.selectFrom('tasks').select('id').where('deleted_at', 'is', null).orderBy('id').execute()).map((row) => row.id);

describe('POST /domain/delete', () => {
  it('deletes several tasks at once, tells their nodes to stop and gives their points back', async () => {
    const one = await fx.create('icmp', bodyOf('icmp', [fx.nodes[0]], { frequencyMinutes: 1 }));
    const two = await fx.create('http', bodyOf('http', [fx.nodes[0], fx.nodes[1]], { frequencyMinutes: 5 }));
    const kept = await fx.create('tcp', bodyOf('tcp', [fx.nodes[0]]));
    fx.passDeadlines();
    const answer = await fx.call('/domain/delete', { ids: [one.id, two.id, one.id] });
    expect(answer.data).toEqual({ deleted: 2, returnedPoints: 84 });
    expect(await liveIds()).toEqual([kept.id]);
    const assignments = await fx.server.db.selectFrom('node_assignments').select(['task_id', 'active']).where('task_id', 'in', [one.id, two.id]).execute();
    expect(assignments.length).toBe(3);
    expect(assignments.every((row) => row.active === 0)).toBe(true);
    expect((await fx.contract()).used_points).toBe(12);
    expect((await fx.call('/domain/info', { id: one.id })).code).toBe(2127);
    expect((await fx.call('/domain/delete', { ids: [one.id] })).code).toBe(2127);
  });

  it('deletes all or none: one unknown or deploying task keeps every task', async () => {
    const one = await fx.create('icmp', bodyOf('icmp', [fx.nodes[0]]));
    fx.passDeadlines();
    const deploying = await fx.create('tcp', bodyOf('tcp', [fx.nodes[0]]));
    const used = (await fx.contract()).used_points;
    const unknown = await fx.call('/domain/delete', { ids: [one.id, 987_654] });
    expect([unknown.statusCode, unknown.code, unknown.data]).toEqual([404, 2127, null]);
    const busy = await fx.call('/domain/delete', { ids: [one.id, deploying.id] });
    expect([busy.statusCode, busy.code]).toEqual([409, 2131]);
    expect(await liveIds()).toEqual([one.id, deploying.id]);
    expect((await fx.contract()).used_points).toBe(used);
  });

  it('takes 1 to 100 ids', async () => {
    expect((await fx.call('/domain/delete', { ids: [] })).errors).toEqual(['ids:10010002']);
    expect((await fx.call('/domain/delete', {})).errors).toEqual(['ids:10010002']);
    expect((await fx.call('/domain/delete', { ids: Array.from({ length: 101 }, (_, index) => index + 1) })).errors).toEqual(['ids:10010003']);
    expect((await fx.call('/domain/delete', { ids: [0] })).errors).toEqual(['ids.0:10010003']);
    expect((await fx.call('/domain/delete', { ids: Array.from({ length: 100 }, (_, index) => index + 1) })).code).toBe(2127);
  });
});
