import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueNodeKey } from '../../../src/server/modules/nodes/keys.js';
import { DomainInfo } from '../../../src/shared/calls/domain-list.js';
import { TraceResourceAnswer, TracerouteIdAnswer, TracerouteNodeAnswer } from '../../../src/shared/calls/domain-trace-ssl.js';
import { startAgent } from '../agent-helpers.js';
import { expectNoInternals } from '../helpers.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';
import { MINUTE_MS, ingestOne, traceBody, traceRun } from './trace-ssl-helpers.js';

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

const createTrace = async (body: Record<string, unknown>) => {
  const answer = await fx.call('/domain/traceroute/create', body);
  if (answer.code !== 200) throw new Error(answer.body);
  return DomainInfo.parse(answer.data);
};

describe('POST /domain/traceroute/create and /update', () => {
  it('creates a traceroute task deployed to its nodes, charging its points, and lists and shows it as type 6', async () => {
    const [a, b] = fx.nodes;
    const task = await createTrace(traceBody([a, b], { domainGroup: 'Routes', tags: ['edge'], serialNumber: 'TR-1' }));
    expect(task).toMatchObject({ type: 6, domain: 'shop.example.com', frequencyMinutes: 10, nodeIds: [a, b], version: 1, status: 1 });
    expect(task).toMatchObject({ domainGroup: 'Routes', tags: ['edge'], serialNumber: 'TR-1', deployStatus: 'processing', pointsCost: 12 });
    expect((await fx.contract()).used_points).toBe(12);
    const deployments = await fx.server.db.selectFrom('deployments').select('node_id').where('task_id', '=', task.id).orderBy('node_id').execute();
    expect(deployments.map((row) => row.node_id)).toEqual([a, b]);

    expect((await fx.call('/domain/info', { id: task.id })).data).toEqual(task);
    const list = await fx.call('/domain/list', { type: 6 });
    expect(list.data).toMatchObject({ total: 1, list: [{ id: task.id, type: 6, nodeCount: 2, serviceStatus: 0 }] });
    expect((await fx.call('/domain/list', { type: 1 })).data.total).toBe(0);
    // An IP is a valid target too.
    expect((await fx.call('/domain/traceroute/create', traceBody([a], { domain: '192.0.2.44' }))).code).toBe(200);
  });

  it('answers 1001 with the inner code of each invalid field and stores nothing', async () => {
    const long = (length: number) => 'x'.repeat(length);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: '' }, ['name:10010002']],
      [{ name: long(256) }, ['name:10010005']],
      [{ domain: 'not a domain' }, ['domain:10010004']],
      [{ frequencyMinutes: 7 }, ['frequencyMinutes:10010003']],
      [{ nodeIds: [] }, ['nodeIds:10010002']],
      [{ nodeIds: [987_654] }, ['nodeIds:10010003']],
      [{ status: 3 }, ['status:10010003']],
      [{ domainGroup: long(51) }, ['domainGroup:10010005']],
      [{ tags: [long(51)] }, ['tags.0:10010005']],
      [{ port: 80 }, ['port:10010001']],
      [{ matchingIps: ['192.0.2.1'] }, ['matchingIps:10010001']],
    ];
    for (const [overrides, errors] of cases) {
      const answer = await fx.call('/domain/traceroute/create', traceBody([fx.nodes[0]], overrides));
      expect([answer.statusCode, answer.code, answer.errors], JSON.stringify(overrides)).toEqual([400, 1001, errors]);
      expectNoInternals(answer.body);
    }
    const { domain: _domain, ...domainless } = traceBody([fx.nodes[0]]);
    expect((await fx.call('/domain/traceroute/create', domainless)).errors).toEqual(['domain:10010002']);
    expect(await fx.server.db.selectFrom('tasks').select('id').execute()).toEqual([]);
    expect((await fx.contract()).used_points).toBe(0);
  });

  it('answers 2125 for a second live traceroute to the same domain (any case), not for another type or after a delete', async () => {
    const first = await createTrace(traceBody([fx.nodes[0]]));
    const duplicate = await fx.call('/domain/traceroute/create', traceBody([fx.nodes[1]], { domain: 'SHOP.example.COM', name: 'Again' }));
    expect([duplicate.statusCode, duplicate.code]).toEqual([409, 2125]);
    expect((await fx.call('/domain/icmp/create', bodyOf('icmp', [fx.nodes[0]], { domain: 'shop.example.com' }))).code).toBe(200);
    fx.passDeadlines();
    expect((await fx.call('/domain/delete', { ids: [first.id] })).code).toBe(200);
    expect((await fx.call('/domain/traceroute/create', traceBody([fx.nodes[0]]))).code).toBe(200);
  });

  it('updates the named fields, moving the points difference; 2131 while deploying; 2127 for another type; 2111 beyond the contract', async () => {
    const [a, b, c] = fx.nodes;
    const task = await createTrace(traceBody([a]));
    const deploying = await fx.call('/domain/traceroute/update', { id: task.id, name: 'Renamed' });
    expect([deploying.statusCode, deploying.code]).toEqual([409, 2131]);
    fx.passDeadlines();
    const updated = await fx.call('/domain/traceroute/update', { id: task.id, nodeIds: [a, b, c], frequencyMinutes: 5 });
    expect(updated.data).toMatchObject({ id: task.id, version: 2, nodeIds: [a, b, c], frequencyMinutes: 5, pointsCost: 36, name: 'Route to shop' });
    expect((await fx.contract()).used_points).toBe(36);

    const icmp = await fx.create('icmp', bodyOf('icmp', [a]));
    fx.passDeadlines();
    expect((await fx.call('/domain/traceroute/update', { id: icmp.id, name: 'Not a route' })).code).toBe(2127);
    expect((await fx.call('/domain/icmp/update', { id: task.id, name: 'Not an echo' })).code).toBe(2127);
    expect((await fx.call('/domain/traceroute/update', { id: task.id, domain: 'bad domain' })).errors).toEqual(['domain:10010004']);

    await fx.setPurchased(100);
    const dearer = await fx.call('/domain/traceroute/update', { id: task.id, frequencyMinutes: 1 });
    expect([dearer.statusCode, dearer.code]).toEqual([400, 2111]);
    const refused = await fx.call('/domain/traceroute/create', traceBody([a, b], { domain: 'other.example.com', frequencyMinutes: 1 }));
    expect(refused.code).toBe(2111);
    expect((await fx.call('/domain/info', { id: task.id })).data).toMatchObject({ frequencyMinutes: 5, version: 2 });
  });
});

describe('POST /domain/traceresource', () => {
  it('lists every node with whether its agent has traceroute and mtr, and the form settings', async () => {
    const capable = await startAgent(fx.server, 'jp-tokyo');
    const seoul = (await fx.server.db.selectFrom('nodes').select('id').where('slug', '=', 'kr-seoul').executeTakeFirstOrThrow()).id;
    const { key } = await issueNodeKey(fx.server.db, seoul, { now: fx.server.clock.now(), allowPrivateTargets: false });
    const capabilities = { ping: true, fping: true, traceroute: false, mtr: false };
    const registered = await fx.server.call('/agent/register', { token: key, body: { version: '1.0.0', capabilities, hostname: 'seoul' } });
    expect(registered.statusCode).toBe(200);

    const answer = await fx.call('/domain/traceresource', {});
    expect(answer.code, answer.body).toBe(200);
    const resource = TraceResourceAnswer.parse(answer.data);
    expect(resource).toMatchObject({ frequencies: [1, 2, 5, 10, 15, 20, 30, 60], defaultFrequencyMinutes: 10, maxHops: 30, probesPerHop: 3 });
    const total = (await fx.server.db.selectFrom('nodes').select('id').execute()).length;
    expect(resource.nodes).toHaveLength(total);
    const byId = new Map(resource.nodes.map((node) => [node.id, node]));
    expect(byId.get(capable.nodeId)).toMatchObject({ traceroute: true, mtr: true, status: 'usable' });
    expect(byId.get(seoul)).toMatchObject({ traceroute: false, mtr: false });
    expect(byId.get(fx.nodes[0])).toMatchObject({ traceroute: null, mtr: null });

    // No body at all works too; a map type narrows the nodes.
    expect((await fx.call('/domain/traceresource')).data.nodes).toHaveLength(total);
    const world = TraceResourceAnswer.parse((await fx.call('/domain/traceresource', { mapType: 3 })).data);
    expect(world.nodes.length).toBeGreaterThan(0);
    expect(world.nodes.every((node) => node.mapType === 3)).toBe(true);
    expect((await fx.call('/domain/traceresource', { mapType: 4 })).errors).toEqual(['mapType:10010003']);
  });
});

describe('POST /domain/search/tracerouteid and /domain/search/tracerouteNode', () => {
  it('finds the traceroute tasks by keyword, by name, with their newest run', async () => {
    const [a, b] = fx.nodes;
    const shop = await createTrace(traceBody([a, b], { name: 'Shop route' }));
    const api = await createTrace(traceBody([a], { name: 'API route', domain: 'api.example.com', status: 2 }));
    await fx.create('icmp', bodyOf('icmp', [a], { name: 'Shop echo', domain: 'shop.example.com' }));
    const ran = fx.server.clock.now() - 5 * MINUTE_MS;
    await ingestOne(fx, a, shop.id, traceRun(ran, 4));

    const all = TracerouteIdAnswer.parse((await fx.call('/domain/search/tracerouteid', {})).data);
    expect(all.list).toEqual([
      { id: api.id, name: 'API route', domain: 'api.example.com', status: 2, nodeCount: 1, lastRunAt: null },
      { id: shop.id, name: 'Shop route', domain: 'shop.example.com', status: 1, nodeCount: 2, lastRunAt: new Date(ran).toISOString() },
    ]);
    const found = await fx.call('/domain/search/tracerouteid', { keyword: 'SHOP' });
    expect(found.data.list.map((item: { id: number }) => item.id)).toEqual([shop.id]);
    expect((await fx.call('/domain/search/tracerouteid', { keyword: 'api.example' })).data.list).toHaveLength(1);
    expect((await fx.call('/domain/search/tracerouteid', { limit: 1 })).data.list).toHaveLength(1);
    expect((await fx.call('/domain/search/tracerouteid', { limit: 51 })).errors).toEqual(['limit:10010003']);
  });

  it("lists a task's nodes with their newest run, whose snapshot opens, and keeps a former node with runs", async () => {
    const [a, b, c] = fx.nodes;
    const task = await createTrace(traceBody([a, b]));
    const now = fx.server.clock.now();
    await ingestOne(fx, a, task.id, traceRun(now - 20 * MINUTE_MS, 3, false));
    await ingestOne(fx, a, task.id, traceRun(now - 10 * MINUTE_MS, 5));

    const answer = TracerouteNodeAnswer.parse((await fx.call('/domain/search/tracerouteNode', { id: task.id })).data);
    expect(answer.list.map((node) => node.id)).toEqual([a, b]);
    const [first, second] = answer.list;
    expect(first).toMatchObject({ selected: true, ok: true, reached: true, hopCount: 5, lastRunAt: new Date(now - 10 * MINUTE_MS).toISOString() });
    expect(second).toMatchObject({ id: b, selected: true, lastResultId: null, lastRunAt: null, ok: null, reached: null, hopCount: null });
    const snapshot = await fx.call('/domain/traceroute/snapshot', { id: task.id, resultId: first?.lastResultId });
    expect(snapshot.data).toMatchObject({ nodeId: a, reached: true, hops: expect.any(Array) as unknown });
    expect(snapshot.data.hops).toHaveLength(5);

    fx.passDeadlines();
    expect((await fx.call('/domain/traceroute/update', { id: task.id, nodeIds: [b, c] })).code).toBe(200);
    const after = TracerouteNodeAnswer.parse((await fx.call('/domain/search/tracerouteNode', { id: task.id })).data);
    expect(after.list.map((node) => [node.id, node.selected])).toEqual([[a, false], [b, true], [c, true]]);

    const icmp = await fx.create('icmp', bodyOf('icmp', [a]));
    expect((await fx.call('/domain/search/tracerouteNode', { id: icmp.id })).code).toBe(2127);
    expect((await fx.call('/domain/search/tracerouteNode', { id: 987_654 })).code).toBe(2127);
    expect((await fx.call('/domain/search/tracerouteNode', { id: 'one' })).errors).toEqual(['id:10010001']);
  });
});
