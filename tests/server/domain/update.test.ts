import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acknowledge } from '../../../src/server/modules/deployments/assignments.js';
import { DomainInfo } from '../../../src/shared/calls/domain-list.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

describe('POST /domain/{type}/update', () => {
  it('replaces the named fields, keeps the others, bumps the version and redeploys', async () => {
    const [a, b, c] = fx.nodes;
    const task = await fx.create('http', bodyOf('http', [a, b], { tags: ['prod'], domainGroup: 'Shops' }));
    await acknowledge(fx.server.app.vigil, a, [{ taskId: task.id, taskVersion: 1 }]);
    await acknowledge(fx.server.app.vigil, b, [{ taskId: task.id, taskVersion: 1 }]);
    expect((await fx.call('/domain/info', { id: task.id })).data.deployStatus).toBe('completed');

    const answer = await fx.call('/domain/http/update', { id: task.id, name: 'Shop front', nodeIds: [b, c], otherPath: '/ready' });
    expect(answer.code, answer.body).toBe(200);
    const updated = DomainInfo.parse(answer.data);
    expect(updated).toMatchObject({ name: 'Shop front', nodeIds: [b, c], otherPath: '/ready', tags: ['prod'], domainGroup: 'Shops', domain: 'shop.example.com', version: 2, deployStatus: 'processing' });
    const current = await fx.server.db.selectFrom('deployments').select('node_id').where('task_id', '=', task.id).where('task_version', '=', 2).orderBy('node_id').execute();
    expect(current.map((row) => row.node_id)).toEqual([b, c]);
    expect((await fx.call('/domain/info', { id: task.id })).data).toEqual(answer.data);
  });

  it('answers 2131 while the deployment is processing, and goes on once it is over', async () => {
    const task = await fx.create('tcp', bodyOf('tcp', [fx.nodes[0]]));
    const refused = await fx.call('/domain/tcp/update', { id: task.id, name: 'Renamed' });
    expect([refused.statusCode, refused.code]).toEqual([409, 2131]);
    expect((await fx.call('/domain/info', { id: task.id })).data).toMatchObject({ name: 'Database', version: 1 });
    fx.passDeadlines();
    expect((await fx.call('/domain/info', { id: task.id })).data).toMatchObject({ deployStatus: 'error_nodes', errorNodeCount: 1 });
    expect((await fx.call('/domain/tcp/update', { id: task.id, name: 'Renamed' })).data).toMatchObject({ name: 'Renamed', version: 2 });
  });

  it('enables and disables a task: a disabled task runs on no node', async () => {
    const task = await fx.create('icmp', bodyOf('icmp', [fx.nodes[0]]));
    fx.passDeadlines();
    const disabled = await fx.call('/domain/icmp/update', { id: task.id, status: 2 });
    expect(disabled.data).toMatchObject({ status: 2, deployStatus: 'completed', errorNodeCount: 0 });
    const assignment = await fx.server.db.selectFrom('node_assignments').select('active').where('task_id', '=', task.id).executeTakeFirstOrThrow();
    expect(assignment.active).toBe(0);
    expect((await fx.call('/domain/icmp/update', { id: task.id, status: 1 })).data).toMatchObject({ status: 1, deployStatus: 'processing' });
  });

  it('validates like create: field errors, 2130, 2125, and the type of the path', async () => {
    const nodes = [fx.nodes[0]];
    const tcp = await fx.create('tcp', bodyOf('tcp', nodes, { port: 22 }));
    await fx.create('tcp', bodyOf('tcp', nodes, { port: 23 }));
    fx.passDeadlines();
    expect((await fx.call('/domain/tcp/update', { id: tcp.id, port: null })).code).toBe(2130);
    expect((await fx.call('/domain/tcp/update', { id: tcp.id, port: 23 })).code).toBe(2125);
    expect((await fx.call('/domain/tcp/update', { id: tcp.id, nodeIds: [] })).errors).toEqual(['nodeIds:10010002']);
    expect((await fx.call('/domain/tcp/update', { id: tcp.id, frequencyMinutes: 3 })).errors).toEqual(['frequencyMinutes:10010003']);
    expect((await fx.call('/domain/tcp/update', { id: tcp.id, otherPath: '/x' })).errors).toEqual(['otherPath:10010001']);
    expect((await fx.call('/domain/tcp/update', { name: 'No id' })).errors).toEqual(['id:10010002']);
    expect((await fx.call('/domain/tcp/update', { id: 'one' })).errors).toEqual(['id:10010001']);
    // A TCP task's id on another type's update is as unknown as any id.
    expect((await fx.call('/domain/http/update', { id: tcp.id, name: 'x' })).code).toBe(2127);
    expect((await fx.call('/domain/tcp/update', { id: 987_654, name: 'x' })).code).toBe(2127);
    expect((await fx.call('/domain/info', { id: tcp.id })).data).toMatchObject({ port: 22, version: 1 });
  });

  it('keeps the domain rules of the type on update (DNS needs a name and a server)', async () => {
    const dns = await fx.create('dns', bodyOf('dns', [fx.nodes[0]]));
    fx.passDeadlines();
    expect((await fx.call('/domain/dns/update', { id: dns.id, domain: '192.0.2.1' })).errors).toEqual(['domain:10010004']);
    expect((await fx.call('/domain/dns/update', { id: dns.id, dnsServers: [] })).errors).toEqual(['dnsServers:10010002']);
    expect((await fx.call('/domain/dns/update', { id: dns.id, protocol: 'MX' })).data).toMatchObject({ protocol: 'MX', version: 2 });
  });
});
