import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssignmentsAnswer } from '../../../src/shared/calls/agent-work.js';
import { ENABLE_STATUS } from '../../../src/shared/codes.js';
import { ensureLabels } from '../../../src/server/modules/groups/task-refs.js';
import { deleteTask } from '../../../src/server/modules/tasks/service.js';
import { heartbeat, startAgent, type TestAgent } from '../agent-helpers.js';
import { createGroupsWorld, passDeployDeadline, type GroupsWorld } from './groups-helpers.js';

let world: GroupsWorld;
let agent: TestAgent;
beforeEach(async () => {
  world = await createGroupsWorld();
  agent = await startAgent(world.server, 'jp-tokyo');
});
afterEach(() => world.close());

async function pull(sinceVersion: number): Promise<AssignmentsAnswer> {
  const answer = await agent.call('/agent/assignments', { sinceVersion });
  expect(answer.statusCode).toBe(200);
  return AssignmentsAnswer.parse(answer.json.data);
}

const ack = (taskId: number, taskVersion: number) => agent.call('/agent/ack', { acks: [{ taskId, taskVersion }] });

async function ipGroup(token: string, name: string, ips: string[]): Promise<number> {
  const created = await world.call(token, '/domain_group/addr', { name, ips });
  expect(created.status).toBe(true);
  return created.data.id as number;
}

const replace = (id: number, body: { name: string; ips: string[] }) => world.call(world.mine.token, `/domain_group/addr/${String(id)}`, body, 'PUT');

describe("matched-IP group addresses in agents' assignments", () => {
  it("join the task's own matching IPs, each once", async () => {
    const groupId = await ipGroup(world.mine.token, 'edge', ['203.0.113.5', '2001:db8::9']);
    const task = await world.task(world.mine.custId, {
      nodeIds: [agent.nodeId],
      matchingIps: ['192.0.2.1', '203.0.113.5'],
      matchedIpGroupId: groupId,
    });
    const plain = await world.task(world.mine.custId, { nodeIds: [agent.nodeId], matchingIps: ['192.0.2.8'] });
    const { assignments } = await pull(0);
    expect(assignments.find((entry) => entry.taskId === task.id)?.matchingIps).toEqual(['192.0.2.1', '203.0.113.5', '2001:db8::9']);
    expect(assignments.find((entry) => entry.taskId === plain.id)?.matchingIps).toEqual(['192.0.2.8']);
  });

  it('reach the agents again when the group addresses change: the tasks using it get a new version', async () => {
    const groupId = await ipGroup(world.mine.token, 'edge', ['203.0.113.5']);
    const task = await world.task(world.mine.custId, { nodeIds: [agent.nodeId], matchedIpGroupId: groupId });
    const initial = await pull(0);
    await ack(task.id, 1);

    // A new name or another order of the same addresses changes nothing the agents run.
    expect((await replace(groupId, { name: 'edge-renamed', ips: ['203.0.113.5'] })).status).toBe(true);
    expect(await heartbeat(agent, true)).toBe(initial.version);

    expect((await replace(groupId, { name: 'edge-renamed', ips: ['203.0.113.5', '198.51.100.20'] })).status).toBe(true);
    const announced = await heartbeat(agent, true);
    expect(announced).toBeGreaterThan(initial.version);
    const changes = await pull(initial.version);
    expect(changes.assignments).toMatchObject([{ taskId: task.id, taskVersion: 2, matchingIps: ['203.0.113.5', '198.51.100.20'] }]);
    const deploy = await world.call(world.mine.token, '/domain/deploy_result', { id: task.id });
    expect(deploy.data).toMatchObject({ taskVersion: 2, deployStatus: 'processing' });
    await ack(task.id, 2);
    expect((await world.call(world.mine.token, '/domain/deploy_result', { id: task.id })).data.deployStatus).toBe('completed');
  });

  it('leave disabled and deleted tasks as they are', async () => {
    const groupId = await ipGroup(world.mine.token, 'edge', ['203.0.113.5']);
    const disabled = await world.task(world.mine.custId, { nodeIds: [agent.nodeId], matchedIpGroupId: groupId, status: ENABLE_STATUS.DISABLED });
    const deleted = await world.task(world.mine.custId, { nodeIds: [agent.nodeId], matchedIpGroupId: groupId });
    passDeployDeadline(world);
    await deleteTask(world.server.app.vigil, world.mine.custId, deleted.id);
    const before = await pull(0);
    await replace(groupId, { name: 'edge', ips: ['198.51.100.20'] });
    expect(await heartbeat(agent, true)).toBe(before.version);
    const versions = await world.server.db.selectFrom('tasks').select(['id', 'version']).orderBy('id').execute();
    expect(versions).toEqual([
      { id: disabled.id, version: 1 },
      { id: deleted.id, version: 2 },
    ]);
  });

  it("never carry another customer's group, even if a task were stored pointing at it", async () => {
    const theirGroup = await ipGroup(world.theirs.token, 'their-edge', ['198.51.100.99']);
    const task = await world.task(world.mine.custId, { nodeIds: [agent.nodeId], matchingIps: ['192.0.2.1'], matchedIpGroupId: theirGroup });
    const { assignments } = await pull(0);
    expect(assignments.find((entry) => entry.taskId === task.id)?.matchingIps).toEqual(['192.0.2.1']);
  });
});

describe('names a task brings', () => {
  it("adds a task's new domain group and tags to the customer's lists, keeping existing ones", async () => {
    const existing = await world.call(world.mine.token, '/tags/create', { name: 'prod' });
    await ensureLabels(world.server.db, world.mine.custId, { domainGroup: 'web', tags: ['prod', 'eu', 'eu'] }, world.server.clock.now());
    await ensureLabels(world.server.db, world.mine.custId, { domainGroup: '', tags: [] }, world.server.clock.now());
    const tags = await world.call(world.mine.token, '/tags/list', {});
    expect(tags.data.list.map((row: { name: string }) => row.name)).toEqual(['eu', 'prod']);
    expect(tags.data.list.find((row: { name: string }) => row.name === 'prod').id).toBe(existing.data.id);
    expect((await world.call(world.mine.token, '/domain_group/list', {})).data.list).toMatchObject([{ name: 'web' }]);
    expect((await world.call(world.theirs.token, '/tags/list', {})).data.total).toBe(0);
  });
});
