import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssignmentsAnswer } from '../../src/shared/calls/agent-work.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { AppError } from '../../src/server/http/app-error.js';
import { deployResult, rebuild } from '../../src/server/modules/deployments/service.js';
import { deleteTask, updateTask } from '../../src/server/modules/tasks/service.js';
import { createTaskOn, heartbeat, startAgent, type TestAgent } from './agent-helpers.js';
import { createTestServer, type TestServer } from './helpers.js';

async function errorCodeOf(promise: Promise<unknown>): Promise<number | undefined> {
  const caught: unknown = await promise.then(() => undefined, (error: unknown) => error);
  if (caught === undefined) return undefined;
  if (caught instanceof AppError) return caught.code;
  throw caught;
}

async function pull(agent: TestAgent, sinceVersion: number): Promise<AssignmentsAnswer> {
  const answer = await agent.call('/agent/assignments', { sinceVersion });
  expect(answer.statusCode).toBe(200);
  return AssignmentsAnswer.parse(answer.json.data);
}

const ack = (agent: TestAgent, taskId: number, taskVersion: number) => agent.call('/agent/ack', { acks: [{ taskId, taskVersion }] });

let server: TestServer;
let tokyo: TestAgent;
let seoul: TestAgent;
beforeEach(async () => {
  server = await createTestServer();
  tokyo = await startAgent(server, 'jp-tokyo');
  seoul = await startAgent(server, 'kr-seoul');
});
afterEach(() => server.close());

describe('POST /agent/assignments', () => {
  it("answers only the tasks that select the caller's node", async () => {
    const both = await createTaskOn(server, [tokyo.nodeId, seoul.nodeId], { name: 'both' });
    const onlyTokyo = await createTaskOn(server, [tokyo.nodeId], { name: 'tokyo', type: MONITOR_TYPES.TCP, port: 443 });
    const tokyoView = await pull(tokyo, 0);
    expect(tokyoView.full).toBe(true);
    expect(tokyoView.assignments.map((entry) => entry.taskId).sort()).toEqual([both.id, onlyTokyo.id].sort());
    expect(tokyoView.assignments.find((entry) => entry.taskId === onlyTokyo.id)).toMatchObject({
      taskVersion: 1,
      frequencyMinutes: 1,
      options: { type: MONITOR_TYPES.TCP, host: 'shop.example.com', port: 443 },
    });
    const seoulView = await pull(seoul, 0);
    expect(seoulView.assignments.map((entry) => entry.taskId)).toEqual([both.id]);
  });

  it('answers only what changed since the version the agent has, and tasks to stop', async () => {
    const first = await createTaskOn(server, [tokyo.nodeId], { name: 'first' });
    const initial = await pull(tokyo, 0);
    expect(initial.assignments).toHaveLength(1);
    expect(await heartbeat(tokyo, true)).toBe(initial.version);
    expect(await pull(tokyo, initial.version)).toEqual({ version: initial.version, full: false, assignments: [], removed: [] });

    const second = await createTaskOn(server, [tokyo.nodeId], { name: 'second' });
    await ack(tokyo, first.id, 1);
    await updateTask(server.app.vigil, server.custId, first.id, { nodeIds: [seoul.nodeId] });
    // The heartbeat tells the agent that something changed.
    const announced = await heartbeat(tokyo, true);
    expect(announced).toBeGreaterThan(initial.version);
    const changes = await pull(tokyo, initial.version);
    expect(changes).toMatchObject({ version: announced, full: false, removed: [first.id] });
    expect(changes.assignments.map((entry) => entry.taskId)).toEqual([second.id]);

    await ack(tokyo, second.id, 1);
    await deleteTask(server.app.vigil, server.custId, second.id);
    const afterDelete = await pull(tokyo, changes.version);
    expect(afterDelete).toMatchObject({ full: false, assignments: [], removed: [second.id] });
    // A fresh agent gets the whole (now empty) set, not the history of removals.
    expect(await pull(tokyo, 0)).toEqual({ version: afterDelete.version, full: true, assignments: [], removed: [] });
  });

  it('refuses a malformed version with 1001', async () => {
    for (const body of [{}, { sinceVersion: -1 }, { sinceVersion: 'x' }, { sinceVersion: 0, nodeId: seoul.nodeId }]) {
      expect((await tokyo.call('/agent/assignments', body)).json.code).toBe(1001);
    }
  });
});

describe('POST /agent/ack and deployments', () => {
  it('completes the deployment of the acknowledged version on the caller’s node only', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId, seoul.nodeId]);
    expect((await ack(tokyo, task.id, 1)).json.data).toEqual({ completed: 1 });
    // Acknowledging again, or a version that was never sent, completes nothing.
    expect((await ack(tokyo, task.id, 1)).json.data).toEqual({ completed: 0 });
    expect((await ack(tokyo, task.id, 7)).json.data).toEqual({ completed: 0 });
    const partial = await deployResult(server.app.vigil, server.custId, task.id);
    expect(partial.deployStatus).toBe('processing');
    expect(partial.nodes.map((node) => [node.nodeId, node.state])).toEqual([
      [tokyo.nodeId, 'completed'],
      [seoul.nodeId, 'processing'],
    ].sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(await errorCodeOf(updateTask(server.app.vigil, server.custId, task.id, { name: 'renamed' }))).toBe(2131);
    expect(await errorCodeOf(deleteTask(server.app.vigil, server.custId, task.id))).toBe(2131);

    await ack(seoul, task.id, 1);
    expect((await deployResult(server.app.vigil, server.custId, task.id)).deployStatus).toBe('completed');
    expect((await updateTask(server.app.vigil, server.custId, task.id, { name: 'renamed' })).version).toBe(2);
  });

  it('makes a node that does not acknowledge in time an error node; rebuild re-sends to it alone', async () => {
    const task = await createTaskOn(server, [tokyo.nodeId, seoul.nodeId]);
    await ack(tokyo, task.id, 1);
    const tokyoVersion = (await pull(tokyo, 0)).version;
    const seoulVersion = (await pull(seoul, 0)).version;
    server.clock.advanceSeconds(server.config.deployDeadlineSeconds + 1);
    expect((await ack(seoul, task.id, 1)).json.data).toEqual({ completed: 0 });
    const failed = await deployResult(server.app.vigil, server.custId, task.id);
    expect(failed.deployStatus).toBe('error_nodes');
    expect(failed.nodes.find((node) => node.nodeId === seoul.nodeId)).toMatchObject({ state: 'error', errorCode: 2505 });

    const rebuilt = await rebuild(server.app.vigil, server.custId, task.id);
    expect(rebuilt.deployStatus).toBe('processing');
    // Only the failed node is told again; the completed one sees nothing new.
    expect(await pull(tokyo, tokyoVersion)).toMatchObject({ assignments: [], removed: [] });
    const resent = await pull(seoul, seoulVersion);
    expect(resent.assignments.map((entry) => [entry.taskId, entry.taskVersion])).toEqual([[task.id, 1]]);
    expect(await errorCodeOf(updateTask(server.app.vigil, server.custId, task.id, { name: 'x' }))).toBe(2131);
    await ack(seoul, task.id, 1);
    expect((await deployResult(server.app.vigil, server.custId, task.id)).deployStatus).toBe('completed');
  });

  it('uses the configured acknowledgement deadline', async () => {
    const custom = await createTestServer({ VIGIL_DEPLOY_DEADLINE_SECONDS: '10' });
    try {
      const agent = await startAgent(custom, 'jp-tokyo');
      const task = await createTaskOn(custom, [agent.nodeId]);
      custom.clock.advanceSeconds(11);
      expect((await deployResult(custom.app.vigil, custom.custId, task.id)).deployStatus).toBe('error_nodes');
    } finally {
      await custom.close();
    }
  });
});

describe('task nodes', () => {
  it('refuses node ids that do not exist with 1001 on nodeIds', async () => {
    const error = await createTaskOn(server, [tokyo.nodeId, 987_654]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(1001);
    expect((error as AppError).data?.errors).toEqual([{ field: 'nodeIds', code: 10010003, params: { nodeId: 987_654 } }]);
    const task = await createTaskOn(server, [tokyo.nodeId]);
    await ack(tokyo, task.id, 1);
    expect(await errorCodeOf(updateTask(server.app.vigil, server.custId, task.id, { nodeIds: [987_654] }))).toBe(1001);
    expect(await server.db.selectFrom('tasks').select('version').where('id', '=', task.id).executeTakeFirst()).toEqual({ version: 1 });
  });
});
