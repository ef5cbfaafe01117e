import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeployResultAnswer } from '../../src/shared/calls/domain-deploy.js';
import { FULL_TASKS_PRIVILEGE } from '../../src/shared/roles.js';
import { addCustomer, addUser, adminLogin, createTestServer, type TestServer } from './helpers.js';
import { createTaskOn, heartbeat, nodeIdOf, startAgent, type TestAgent } from './agent-helpers.js';
import { createTask } from '../../src/server/modules/tasks/service.js';
import { httpTaskInput } from './tasks-helpers.js';

let server: TestServer;
let tokyo: TestAgent;
let seoul: TestAgent;
let token: string;
beforeEach(async () => {
  server = await createTestServer({ VIGIL_DEPLOY_DEADLINE_SECONDS: '60' });
  tokyo = await startAgent(server, 'jp-tokyo');
  seoul = await startAgent(server, 'kr-seoul');
  token = await server.login();
});
afterEach(() => server.close());

const deployResultOf = async (id: number, as = token) => {
  const answer = await server.call('/domain/deploy_result', { token: as, body: { id } });
  return { statusCode: answer.statusCode, code: answer.json().code as number, data: answer.json().status ? DeployResultAnswer.parse(answer.json().data) : undefined };
};
const rebuildOf = async (id: number, as = token) => {
  const answer = await server.call('/domain/rebuild', { token: as, body: { id } });
  return { statusCode: answer.statusCode, code: answer.json().code as number, data: answer.json().status ? DeployResultAnswer.parse(answer.json().data) : undefined };
};
const ack = (agent: TestAgent, taskId: number, taskVersion = 1) => agent.call('/agent/ack', { acks: [{ taskId, taskVersion }] });

describe('POST /domain/deploy_result', () => {
  it("answers the task's deploy status and each node's deploy result as it moves", async () => {
    const task = await createTaskOn(server, [tokyo.nodeId, seoul.nodeId]);
    const createdAt = new Date(server.clock.now()).toISOString();
    const processing = await deployResultOf(task.id);
    expect(processing.data).toEqual({
      taskId: task.id,
      taskVersion: 1,
      deployStatus: 'processing',
      nodes: [tokyo.nodeId, seoul.nodeId].sort((a, b) => a - b).map((nodeId) => ({
        nodeId,
        state: 'processing',
        errorCode: null,
        errorTime: null,
        message: '',
        agentRegistered: true,
        createdAt,
        updatedAt: createdAt,
      })),
    });

    await ack(tokyo, task.id);
    server.clock.advanceSeconds(61);
    const failed = await deployResultOf(task.id);
    expect(failed.data?.deployStatus).toBe('error_nodes');
    const byNode = new Map(failed.data?.nodes.map((node) => [node.nodeId, node]));
    expect(byNode.get(tokyo.nodeId)).toMatchObject({ state: 'completed', errorCode: null });
    expect(byNode.get(seoul.nodeId)).toMatchObject({ state: 'error', errorCode: 2505, message: 'ack_timeout', errorTime: new Date(Date.parse(createdAt) + 60_000).toISOString() });
  });

  it('says of each node whether an agent has registered for it, so a node no agent runs reads as such', async () => {
    const singapore = await nodeIdOf(server, 'sg-singapore');
    const task = await createTaskOn(server, [tokyo.nodeId, singapore]);
    server.clock.advanceSeconds(61);
    const byNode = new Map((await deployResultOf(task.id)).data?.nodes.map((node) => [node.nodeId, node]));
    expect(byNode.get(singapore)).toMatchObject({ state: 'error', message: 'ack_timeout', agentRegistered: false });
    expect(byNode.get(tokyo.nodeId)).toMatchObject({ state: 'error', message: 'ack_timeout', agentRegistered: true });
  });

  it("is scoped to the customer (2127), validates its body (1001) and follows the monitor privilege", async () => {
    const task = await createTaskOn(server, [tokyo.nodeId]);
    const otherCustomer = await addCustomer(server, 'Other Ltd');
    const foreign = await createTask(server.app.vigil, otherCustomer, httpTaskInput({ nodeIds: [tokyo.nodeId] }));
    expect(await deployResultOf(foreign.id)).toMatchObject({ statusCode: 404, code: 2127 });
    expect(await rebuildOf(foreign.id)).toMatchObject({ statusCode: 404, code: 2127 });
    expect(await deployResultOf(987_654)).toMatchObject({ code: 2127 });
    for (const body of [{}, { id: 'one' }, { id: task.id, extra: 1 }]) {
      expect((await server.call('/domain/deploy_result', { token, body })).json().code).toBe(1001);
    }
    expect((await server.call('/domain/deploy_result', { body: { id: task.id } })).statusCode).toBe(401);

    await addUser(server, { account: 'viewer01', tasksPrivilege: { ...FULL_TASKS_PRIVILEGE, monitor: 'view' } });
    await addUser(server, { account: 'nobody01', tasksPrivilege: { ...FULL_TASKS_PRIVILEGE, monitor: 'none' } });
    const viewer = await server.login('viewer01');
    const nobody = await server.login('nobody01');
    expect((await deployResultOf(task.id, viewer)).data?.taskId).toBe(task.id);
    expect(await rebuildOf(task.id, viewer)).toMatchObject({ statusCode: 403 });
    expect(await deployResultOf(task.id, nobody)).toMatchObject({ statusCode: 403 });
  });
});

describe('POST /domain/rebuild', () => {
  it('re-sends the current version to failed nodes only, then answers 2552 when none failed', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId, seoul.nodeId]);
    expect(await rebuildOf(task.id)).toMatchObject({ statusCode: 409, code: 2552 });
    await ack(tokyo, task.id);
    server.clock.advanceSeconds(61);
    const versions = { tokyo: await heartbeat(tokyo, true), seoul: await heartbeat(seoul, true) };

    const rebuilt = await rebuildOf(task.id);
    expect(rebuilt.data?.deployStatus).toBe('processing');
    expect(new Map(rebuilt.data?.nodes.map((node) => [node.nodeId, node.state]))).toEqual(
      new Map([
        [tokyo.nodeId, 'completed'],
        [seoul.nodeId, 'processing'],
      ]),
    );
    // Only the failed node's agent sees a new assignment version.
    expect(await heartbeat(tokyo, true)).toBe(versions.tokyo);
    expect(await heartbeat(seoul, true)).toBeGreaterThan(versions.seoul);
    const resent = await seoul.call('/agent/assignments', { sinceVersion: versions.seoul });
    expect(resent.json.data.assignments.map((entry: { taskId: number }) => entry.taskId)).toEqual([task.id]);

    await ack(seoul, task.id);
    expect((await deployResultOf(task.id)).data?.deployStatus).toBe('completed');
    expect(await rebuildOf(task.id)).toMatchObject({ code: 2552 });
  });

  it('is refused in admin mode (2007), where the deploy result still reads', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId]);
    server.clock.advanceSeconds(61);
    const admin = await adminLogin(server);
    expect((await deployResultOf(task.id, admin)).data?.deployStatus).toBe('error_nodes');
    expect(await rebuildOf(task.id, admin)).toMatchObject({ statusCode: 403, code: 2007 });
  });
});
