import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import { POINTS_PER_NODE, taskPointsCost } from '../../../src/shared/points.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

const transactions = (custId = fx.server.custId) =>
  fx.server.db
    .selectFrom('point_transactions')
    .select(['task_id', 'kind', 'points', 'balance_after', 'note', 'contract_id', 'created_at'])
    .where('cust_id', '=', custId)
    .orderBy('id')
    .execute();

describe('the points formula', () => {
  it('is distinct nodes × checks per hour per node', () => {
    expect(POINTS_PER_NODE).toEqual({ 1: 60, 2: 30, 5: 12, 10: 6, 15: 4, 20: 3, 30: 2, 60: 1 });
    expect(taskPointsCost({ frequencyMinutes: 1, nodeIds: [1, 2, 3] })).toBe(180);
    expect(taskPointsCost({ frequencyMinutes: 60, nodeIds: [4, 4, 5] })).toBe(2);
    expect(taskPointsCost({ frequencyMinutes: 7, nodeIds: [1] })).toBe(0);
  });
});

describe('contract points of task changes', () => {
  it('charges on create, moves the difference on update, gives back on delete, each with a transaction row', async () => {
    const [a, b, c] = fx.nodes;
    const { id: contractId } = await fx.contract();
    const task = await fx.create('http', bodyOf('http', [a, b], { frequencyMinutes: 1 }));
    expect(task.pointsCost).toBe(120);
    expect((await fx.contract()).used_points).toBe(120);
    fx.passDeadlines();

    await fx.call('/domain/http/update', { id: task.id, nodeIds: [a, b, c] });
    expect((await fx.contract()).used_points).toBe(180);
    fx.passDeadlines();
    await fx.call('/domain/http/update', { id: task.id, frequencyMinutes: 10 });
    expect((await fx.contract()).used_points).toBe(18);
    fx.passDeadlines();
    // A change that costs the same moves nothing and writes nothing; so does disabling.
    await fx.call('/domain/http/update', { id: task.id, name: 'Renamed' });
    fx.passDeadlines();
    await fx.call('/domain/http/update', { id: task.id, status: 2 });
    expect((await fx.contract()).used_points).toBe(18);
    const deleted = await fx.call('/domain/delete', { ids: [task.id] });
    expect(deleted.data).toEqual({ deleted: 1, returnedPoints: 18 });
    expect((await fx.contract()).used_points).toBe(0);

    const rows = await transactions();
    expect(rows.map(({ created_at: _at, ...row }) => row)).toEqual([
      { task_id: task.id, kind: 'create', points: 120, balance_after: 9_880, note: 'Shop', contract_id: contractId },
      { task_id: task.id, kind: 'update', points: 60, balance_after: 9_820, note: 'Shop', contract_id: contractId },
      { task_id: task.id, kind: 'update', points: -162, balance_after: 9_982, note: 'Shop', contract_id: contractId },
      { task_id: task.id, kind: 'delete', points: -18, balance_after: 10_000, note: 'Renamed', contract_id: contractId },
    ]);
  });

  it('answers 2111 when the remaining points do not cover a create or a dearer update, leaving nothing behind', async () => {
    const [a, b] = fx.nodes;
    await fx.setPurchased(100);
    const refused = await fx.call('/domain/icmp/create', bodyOf('icmp', [a, b], { frequencyMinutes: 1 }));
    expect([refused.statusCode, refused.code]).toEqual([400, 2111]);
    expect(await fx.server.db.selectFrom('tasks').select('id').execute()).toEqual([]);
    expect(await fx.server.db.selectFrom('deployments').select('id').execute()).toEqual([]);
    expect(await fx.server.db.selectFrom('node_assignments').select('task_id').execute()).toEqual([]);
    expect(await transactions()).toEqual([]);

    const task = await fx.create('icmp', bodyOf('icmp', [a], { frequencyMinutes: 1 }));
    expect((await fx.contract()).used_points).toBe(60);
    fx.passDeadlines();
    expect((await fx.call('/domain/icmp/update', { id: task.id, nodeIds: [a, b] })).code).toBe(2111);
    expect((await fx.call('/domain/info', { id: task.id })).data).toMatchObject({ nodeIds: [a], version: 1 });
    expect((await fx.contract()).used_points).toBe(60);
    // Exactly the remaining points is enough.
    expect((await fx.call('/domain/icmp/update', { id: task.id, frequencyMinutes: 2, nodeIds: [a] })).code).toBe(200);
    expect((await fx.call('/domain/tcp/create', bodyOf('tcp', [a], { frequencyMinutes: 2 }))).code).toBe(200);
    expect(await fx.contract()).toMatchObject({ purchased_points: 100, used_points: 60 });
    expect((await fx.call('/domain/tcp/create', bodyOf('tcp', [a], { frequencyMinutes: 1, port: 1 }))).code).toBe(2111);
  });

  it('never overspends under concurrent creates: 20 at once with room for 5, exactly 5 succeed', async () => {
    await fx.setPurchased(5 * 60 + 59);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => fx.call('/domain/icmp/create', bodyOf('icmp', [fx.nodes[0]], { frequencyMinutes: 1, domain: `host${index}.example.com` }))),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === 200).length).toBe(5);
    expect(codes.filter((code) => code === 2111).length).toBe(15);
    expect(await fx.contract()).toMatchObject({ used_points: 300 });
    expect((await fx.server.db.selectFrom('tasks').select('id').execute()).length).toBe(5);
    const rows = await transactions();
    expect(rows.map((row) => row.points)).toEqual([60, 60, 60, 60, 60]);
    expect(rows.map((row) => row.balance_after)).toEqual([299, 239, 179, 119, 59]);
  });

  it('answers 2111 to a customer without a contract', async () => {
    await fx.server.db.deleteFrom('contracts').where('cust_id', '=', fx.otherCustId).execute();
    expect((await fx.call('/domain/icmp/create', bodyOf('icmp', [fx.nodes[0]]), fx.otherToken)).code).toBe(2111);
  });

  it('gives back only what a task holds: a task written without points gives back nothing', async () => {
    const bare = await createTask(fx.server.app.vigil, fx.server.custId, { type: 1, name: 'Bare', domain: 'bare.example.com', frequencyMinutes: 1, nodeIds: [fx.nodes[0]] });
    await fx.create('icmp', bodyOf('icmp', [fx.nodes[0]], { frequencyMinutes: 1 }));
    fx.passDeadlines();
    expect((await fx.call('/domain/delete', { ids: [bare.id] })).data).toEqual({ deleted: 1, returnedPoints: 0 });
    expect((await fx.contract()).used_points).toBe(60);
  });
});

describe('POST /domain/points/quote', () => {
  it('quotes a new task and an edit against the remaining points', async () => {
    const [a, b, c] = fx.nodes;
    await fx.setPurchased(200);
    const quote = (body: Record<string, unknown>) => fx.call('/domain/points/quote', body);
    expect((await quote({ type: 3, frequencyMinutes: 1, nodeIds: [a, b] })).data).toEqual({
      cost: 120,
      delta: 120,
      purchasedPoints: 200,
      usedPoints: 0,
      remainingPoints: 200,
      sufficient: true,
    });
    const task = await fx.create('http', bodyOf('http', [a, b], { frequencyMinutes: 1 }));
    expect((await quote({ type: 3, frequencyMinutes: 1, nodeIds: [a, b] })).data).toMatchObject({ cost: 120, remainingPoints: 80, sufficient: false });
    expect((await quote({ type: 3, frequencyMinutes: 1, nodeIds: [a, b, c], id: task.id })).data).toMatchObject({ cost: 180, delta: 60, sufficient: true });
    expect((await quote({ type: 3, frequencyMinutes: 1, nodeIds: [a, b, c, fx.nodes[3]], id: task.id })).data).toMatchObject({ delta: 120, sufficient: false });
    expect((await quote({ type: 3, frequencyMinutes: 60, nodeIds: [a], id: task.id })).data).toMatchObject({ cost: 1, delta: -119, sufficient: true });
    expect((await quote({ type: 3, frequencyMinutes: 3, nodeIds: [] })).errors).toEqual(['frequencyMinutes:10010003', 'nodeIds:10010002']);
    expect((await quote({ type: 3, frequencyMinutes: 1, nodeIds: [a], id: task.id })).code).toBe(200);
    expect((await fx.call('/domain/points/quote', { type: 3, frequencyMinutes: 1, nodeIds: [a], id: task.id }, fx.otherToken)).code).toBe(2127);
  });
});

describe('nodes without an agent', () => {
  it('cost points like any node: the catalogue marks them, and the quote, the charge and the task agree', async () => {
    const [withAgent, agentless] = fx.nodes;
    await fx.server.db.updateTable('nodes').set({ last_seen_at: fx.server.clock.now() }).where('id', '=', withAgent).execute();
    const catalogue = (await fx.call('/nodes/catalogue')).data as { list: { id: number; status: string }[] };
    expect(catalogue.list.find((node) => node.id === withAgent)?.status).toBe('usable');
    expect(catalogue.list.find((node) => node.id === agentless)?.status).toBe('none');

    const settings = { frequencyMinutes: 5, nodeIds: [withAgent, agentless] };
    const quote = await fx.call('/domain/points/quote', { type: 1, ...settings });
    expect(quote.data).toMatchObject({ cost: taskPointsCost(settings), delta: 24 });
    const task = await fx.create('icmp', bodyOf('icmp', settings.nodeIds, { frequencyMinutes: 5 }));
    expect(task.pointsCost).toBe(24);
    expect((await fx.contract()).used_points).toBe(24);
  });
});
