import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainInfo } from '../../../src/shared/calls/domain-list.js';
import { addUser, adminLogin, expectNoInternals } from '../helpers.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

describe('POST /domain/{type}/create', () => {
  it('adds a domain group and tags typed on a task to the customer\'s lists, once', async () => {
    for (const domain of ['a.example.com', 'b.example.com']) {
      const answer = await fx.call('/domain/http/create', bodyOf('http', [fx.nodes[0]], { domain, domainGroup: 'Shops', tags: ['prod', 'web'] }));
      expect(answer.code, answer.body).toBe(200);
    }
    const groups = await fx.call('/domain_group/list', { page: 1, pageSize: 10 });
    expect(groups.data).toMatchObject({ total: 1, list: [{ name: 'Shops', taskCount: 2 }] });
    const tags = await fx.call('/tags/list', { page: 1, pageSize: 10, sortBy: 'name', sortOrder: 'asc' });
    expect(tags.data).toMatchObject({ total: 2, list: [{ name: 'prod', taskCount: 2 }, { name: 'web', taskCount: 2 }] });
  });

  it('creates a task of each of the five types, deployed to its nodes, with every field answered', async () => {
    const cases = [
      ['icmp', 1, { matchingIps: ['192.0.2.1'] }],
      ['tcp', 2, { serialNumber: 'SN-7', region: 'North' }],
      ['http', 3, { port: 8080, domainGroup: 'Shops', tags: ['prod', 'web'] }],
      ['https', 4, { status: 2 }],
      ['dns', 5, { dnsServers: ['8.8.8.8', '1.1.1.1:53'], protocol: 'AAAA' }],
    ] as const;
    for (const [slug, type, extra] of cases) {
      const answer = await fx.call(`/domain/${slug}/create`, bodyOf(slug, [fx.nodes[0], fx.nodes[1]], extra));
      expect(answer.code, answer.body).toBe(200);
      const task = DomainInfo.parse(answer.data);
      expect(task).toMatchObject({ type, version: 1, nodeIds: [fx.nodes[0], fx.nodes[1]], frequencyMinutes: 5, pointsCost: 24, ...extra });
      const enabled = task.status === 1;
      expect(task.deployStatus).toBe(enabled ? 'processing' : 'completed');
      const deployments = await fx.server.db.selectFrom('deployments').select('node_id').where('task_id', '=', task.id).execute();
      expect(deployments.length).toBe(enabled ? 2 : 0);
      const info = await fx.call('/domain/info', { id: task.id });
      expect(info.data).toEqual(answer.data);
    }
    for (const body of [{}, { id: 'one' }, { id: 0 }, { id: 1, extra: 1 }]) expect((await fx.call('/domain/info', body)).code).toBe(1001);
    expect((await fx.call('/domain/info', { id: 987_654 })).code).toBe(2127);
    expect((await fx.call('/domain/http/create', bodyOf('http', [fx.nodes[0]], { domain: 'other.example.com' }))).data).toMatchObject({
      port: null,
      otherPath: '/health',
      serialNumber: '',
      region: '',
      status: 1,
      matchingIps: [],
      matchedIpGroupId: null,
      dnsServers: [],
      domainGroup: '',
      tags: [],
    });
  });

  it('answers 1001 with the inner code of each invalid field', async () => {
    const node = fx.nodes[0];
    const long = (length: number) => 'x'.repeat(length);
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['http', { name: '' }, ['name:10010002']],
      ['http', { name: long(256) }, ['name:10010005']],
      ['http', { domain: 'not a domain' }, ['domain:10010004']],
      ['http', { domain: '' }, ['domain:10010002']],
      ['http', { frequencyMinutes: 7 }, ['frequencyMinutes:10010003']],
      ['http', { frequencyMinutes: '5' }, ['frequencyMinutes:10010001']],
      ['http', { nodeIds: [] }, ['nodeIds:10010002']],
      ['http', { nodeIds: [987_654] }, ['nodeIds:10010003']],
      ['http', { port: 65_536 }, ['port:10010003']],
      ['http', { otherPath: `/${long(100)}` }, ['otherPath:10010005']],
      ['http', { matchingIps: ['192.0.2.1', '300.1.1.1'] }, ['matchingIps.1:10010004']],
      ['http', { status: 3 }, ['status:10010003']],
      ['http', { domainGroup: long(51) }, ['domainGroup:10010005']],
      ['http', { tags: ['ok', long(51)] }, ['tags.1:10010005']],
      ['http', { serialNumber: long(256) }, ['serialNumber:10010005']],
      ['http', { extra: 1 }, ['extra:10010001']],
      ['http', { matchedIpGroupId: 424_242 }, ['matchedIpGroupId:10010003']],
      ['icmp', { port: 80 }, ['port:10010001']],
      ['tcp', { port: -1 }, ['port:10010003']],
      ['dns', { dnsServers: [] }, ['dnsServers:10010002']],
      ['dns', { dnsServers: ['resolver.example'] }, ['dnsServers.0:10010004']],
      ['dns', { domain: '192.0.2.1' }, ['domain:10010004']],
      ['dns', { protocol: 'SRV' }, ['protocol:10010003']],
    ];
    for (const [slug, overrides, errors] of cases) {
      const answer = await fx.call(`/domain/${slug}/create`, bodyOf(slug as 'http', [node], overrides));
      expect([answer.statusCode, answer.code, answer.errors], JSON.stringify(overrides)).toEqual([400, 1001, errors]);
      expectNoInternals(answer.body);
    }
    const { name: _name, ...nameless } = bodyOf('http', [node]);
    expect((await fx.call('/domain/http/create', nameless)).errors).toEqual(['name:10010002']);
    expect(await fx.server.db.selectFrom('tasks').select('id').execute()).toEqual([]);
    expect((await fx.contract()).used_points).toBe(0);
  });

  it('answers 2130 for a TCP task without a port', async () => {
    for (const port of [undefined, null]) {
      const answer = await fx.call('/domain/tcp/create', bodyOf('tcp', [fx.nodes[0]], { port }));
      expect([answer.statusCode, answer.code]).toEqual([400, 2130]);
    }
    expect((await fx.call('/domain/tcp/create', bodyOf('tcp', [fx.nodes[0]], { port: 0 }))).code).toBe(200);
  });

  it('answers 2125 when a live task of the type already watches the same target', async () => {
    const nodes = [fx.nodes[0]];
    await fx.create('http', bodyOf('http', nodes, { domain: 'Shop.Example.com', port: 0, otherPath: 'health' }));
    const duplicates = [
      ['http', { domain: 'shop.example.COM', port: 80, otherPath: '/health' }],
      ['http', { domain: 'shop.example.com', port: null, otherPath: '/health', name: 'Another name' }],
    ] as const;
    for (const [slug, overrides] of duplicates) {
      const answer = await fx.call(`/domain/${slug}/create`, bodyOf(slug, nodes, overrides));
      expect([answer.statusCode, answer.code]).toEqual([409, 2125]);
    }
    const distinct = [
      ['http', { domain: 'shop.example.com', otherPath: '/other' }],
      ['http', { domain: 'shop.example.com', port: 8080, otherPath: '/health' }],
      ['https', { domain: 'shop.example.com', otherPath: '/health' }],
    ] as const;
    for (const [slug, overrides] of distinct) expect((await fx.call(`/domain/${slug}/create`, bodyOf(slug, nodes, overrides))).code).toBe(200);

    await fx.create('tcp', bodyOf('tcp', nodes, { port: 5432 }));
    expect((await fx.call('/domain/tcp/create', bodyOf('tcp', nodes, { port: 5432 }))).code).toBe(2125);
    expect((await fx.call('/domain/tcp/create', bodyOf('tcp', nodes, { port: 5433 }))).code).toBe(200);
    await fx.create('dns', bodyOf('dns', nodes, { protocol: 'A' }));
    expect((await fx.call('/domain/dns/create', bodyOf('dns', nodes, { dnsServers: ['9.9.9.9'] }))).code).toBe(2125);
    expect((await fx.call('/domain/dns/create', bodyOf('dns', nodes, { protocol: 'AAAA' }))).code).toBe(200);
    // Another customer may watch the same target.
    expect((await fx.call('/domain/tcp/create', bodyOf('tcp', nodes, { port: 5432 }), fx.otherToken)).code).toBe(200);
  });

  it('lets a deleted task\'s target be watched again', async () => {
    const task = await fx.create('icmp', bodyOf('icmp', [fx.nodes[0]]));
    fx.passDeadlines();
    expect((await fx.call('/domain/delete', { ids: [task.id] })).code).toBe(200);
    expect((await fx.call('/domain/icmp/create', bodyOf('icmp', [fx.nodes[0]]))).code).toBe(200);
  });

  it("takes the customer's own matched-IP group and refuses another customer's", async () => {
    const now = fx.server.clock.now();
    const group = (custId: number) =>
      fx.server.db.insertInto('ip_groups').values({ cust_id: custId, name: 'Edge', ips: '["192.0.2.9"]', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const own = await group(fx.server.custId);
    const foreign = await group(fx.otherCustId);
    const task = await fx.create('http', bodyOf('http', [fx.nodes[0]], { matchedIpGroupId: own.id }));
    expect(task.matchedIpGroupId).toBe(own.id);
    const refused = await fx.call('/domain/https/create', bodyOf('https', [fx.nodes[0]], { matchedIpGroupId: foreign.id }));
    expect([refused.code, refused.errors]).toEqual([1001, ['matchedIpGroupId:10010003']]);
  });

  it('needs a session and the monitor edit privilege, and is refused in admin mode', async () => {
    const body = bodyOf('icmp', [fx.nodes[0]]);
    expect((await fx.server.call('/domain/icmp/create', { body })).statusCode).toBe(401);
    await addUser(fx.server, { account: 'viewer01', tasksPrivilege: { overview: 'edit', monitor: 'view', alert: 'edit', nodes: 'edit' } });
    const viewer = await fx.server.login('viewer01');
    expect((await fx.call('/domain/icmp/create', body, viewer)).statusCode).toBe(403);
    expect((await fx.call('/domain/list', { type: 1 }, viewer)).code).toBe(200);
    const admin = await adminLogin(fx.server);
    expect((await fx.call('/domain/icmp/create', body, admin)).code).toBe(2007);
    expect((await fx.call('/domain/list', { type: 1 }, admin)).code).toBe(200);
  });
});
