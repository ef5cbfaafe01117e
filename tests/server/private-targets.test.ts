import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isNonPublicAddress as agentJudges } from '../../src/agent/checks/target.js';
import { acknowledge } from '../../src/server/modules/deployments/assignments.js';
import { isLocalOnlyHost, isPrivateAddress } from '../../src/shared/validation/target-address.js';
import { createTestServer, type TestServer } from './helpers.js';

/**
 * Tasks aimed at loopback, private or link-local addresses: refused (2140) at creation and update
 * unless every chosen node's operator allowed such targets, before any point is charged.
 */

let server: TestServer;
let token: string;
let allowedNode: number;
let otherNode: number;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  const nodes = await server.db.selectFrom('nodes').select(['id', 'name']).orderBy('id').limit(2).execute();
  [allowedNode, otherNode] = nodes.map((node) => node.id) as [number, number];
});
afterAll(() => server.close());

async function allowPrivate(nodeIds: number[]): Promise<void> {
  await server.db.updateTable('nodes').set({ allow_private_targets: 0 }).execute();
  if (nodeIds.length > 0) await server.db.updateTable('nodes').set({ allow_private_targets: 1 }).where('id', 'in', nodeIds).execute();
}

const nameOf = async (id: number) => (await server.db.selectFrom('nodes').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
const call = async (path: string, body: unknown) => (await server.call(path, { token, body })).json();
const usedPoints = async () => (await server.db.selectFrom('contracts').select('used_points').executeTakeFirstOrThrow()).used_points;
const liveTasks = async () => (await server.db.selectFrom('tasks').select('id').where('deleted_at', 'is', null).execute()).length;

/** One private target per type, and the field it is in. */
const PRIVATE_TASKS = [
  ['icmp', { domain: '127.0.0.1' }, 'domain'],
  ['tcp', { domain: '192.168.1.10', port: 22 }, 'domain'],
  ['http', { domain: '10.1.2.3', port: 8080 }, 'domain'],
  ['https', { domain: '::1' }, 'domain'],
  ['dns', { domain: 'example.com', dnsServers: ['8.8.8.8', '172.16.0.53:5353'] }, 'dnsServers.1'],
  ['traceroute', { domain: '169.254.169.254' }, 'domain'],
  ['ssl', { domain: 'vault.localhost', port: 8443 }, 'domain'],
] as const;

const taskBody = (fields: object, nodeIds: number[], name = `Task ${Math.random()}`) => ({ name, frequencyMinutes: 5, nodeIds, ...fields });

beforeEach(() => allowPrivate([]));

describe('creating a task aimed at a private target', () => {
  it.each(PRIVATE_TASKS)('%s: refused with 2140 on its field when no node may, and nothing is charged', async (slug, fields, field) => {
    const [points, tasks] = [await usedPoints(), await liveTasks()];
    const answer = await call(`/domain/${slug}/create`, taskBody(fields, [otherNode]));
    expect(answer).toEqual({
      status: false,
      code: 2140,
      name: 'PRIVATE_TARGET_NOT_ALLOWED',
      message: '',
      data: { errors: [{ field, code: 10010003 }] },
    });
    expect([await usedPoints(), await liveTasks()]).toEqual([points, tasks]);
  });

  it('names the nodes that may, and refuses a choice where any node may not', async () => {
    await allowPrivate([allowedNode]);
    const answer = await call('/domain/icmp/create', taskBody({ domain: '10.0.0.1' }, [allowedNode, otherNode]));
    expect([answer.code, answer.message]).toEqual([2140, await nameOf(allowedNode)]);
  });

  it('is accepted on nodes that may probe it', async () => {
    await allowPrivate([allowedNode]);
    for (const [slug, fields] of PRIVATE_TASKS) {
      const answer = await call(`/domain/${slug}/create`, taskBody(fields, [allowedNode]));
      expect(answer.status, slug).toBe(true);
    }
  });

  it('leaves other addresses and names to any node (the agent judges them at check time)', async () => {
    for (const domain of ['8.8.8.8', '2001:4860:4860::8888', '2002:808:808::1', '64:ff9b::808:808', '192.0.2.1', 'example.com', 'intranet.example']) {
      const answer = await call('/domain/icmp/create', taskBody({ domain }, [otherNode]));
      expect(answer.status, domain).toBe(true);
    }
  });
});

describe('updating a task', () => {
  it('refuses a private target, or nodes that may not probe the private target, and changes nothing', async () => {
    await allowPrivate([allowedNode]);
    const created = await call('/domain/tcp/create', taskBody({ domain: '10.9.9.9', port: 22 }, [allowedNode]));
    expect(created.status).toBe(true);
    const id = created.data.id as number;
    await acknowledge(server.app.vigil, allowedNode, [{ taskId: id, taskVersion: 1 }]);
    const publicTask = await call('/domain/icmp/create', taskBody({ domain: 'update-me.example.com' }, [otherNode]));
    await acknowledge(server.app.vigil, otherNode, [{ taskId: publicTask.data.id, taskVersion: 1 }]);
    const tasks = () => server.db.selectFrom('tasks').selectAll().where('id', 'in', [id, publicTask.data.id]).orderBy('id').execute();
    const [before, points] = [await tasks(), await usedPoints()];

    const moved = await call('/domain/tcp/update', { id, nodeIds: [allowedNode, otherNode] });
    expect([moved.code, moved.data]).toEqual([2140, { errors: [{ field: 'domain', code: 10010003 }] }]);

    const aimed = await call('/domain/icmp/update', { id: publicTask.data.id, domain: 'localhost.localhost' });
    expect(aimed.code).toBe(2140);

    expect(await tasks()).toEqual(before);
    expect(await usedPoints()).toBe(points);
  });
});

describe('the address rule', () => {
  const PRIVATE = [
    '127.0.0.1', '127.8.8.8', '10.0.0.1', '100.64.0.1', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.168.0.1', '0.0.0.0',
    '::1', '::', 'fe80::1', 'fd12:3456::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:0:a00:1', '64:ff9b::a00:1', '2002:a00:1::',
  ];
  // Not on the node's network, though the agent refuses the non-public ones among them at check time.
  const NOT_PRIVATE = [
    '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.0.2.1', '198.18.0.1', '224.0.0.1', '::ffff:8.8.8.8', '64:ff9b::808:808',
    '2002:808:808::', '2001:db8::1', '2001:4860:4860::8888', '2606:4700::1111', 'ff02::1',
  ];

  it('names loopback, private and link-local addresses, in every form that reaches them', () => {
    expect(PRIVATE.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(NOT_PRIVATE.filter(isPrivateAddress)).toEqual([]);
  });

  it('refuses only what the agent refuses too', () => {
    for (const address of [...PRIVATE, ...NOT_PRIVATE]) {
      if (isPrivateAddress(address)) expect(agentJudges(address), address).toBe(true);
    }
  });

  it('treats localhost names as local and other names as unknown until resolved', () => {
    expect(['localhost', 'app.localhost', 'LOCALHOST.', '[::1]'].map(isLocalOnlyHost)).toEqual([true, true, true, true]);
    expect(['example.com', 'localhost.example.com', 'host', '192.0.2.1'].map(isLocalOnlyHost)).toEqual([false, false, false, false]);
  });
});
