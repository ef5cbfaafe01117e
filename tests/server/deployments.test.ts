import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { AppError } from '../../src/server/http/app-error.js';
import { acknowledge, assignmentsForNode } from '../../src/server/modules/deployments/assignments.js';
import { TASK_CHUNK } from '../../src/server/modules/deployments/deployments-repo.js';
import { deployResult, rebuild } from '../../src/server/modules/deployments/service.js';
import { createTask, deleteTask, updateTask } from '../../src/server/modules/tasks/service.js';
import { createTestStore, httpTaskInput, type TestStore } from './tasks-helpers.js';

async function errorCodeOf(promise: Promise<unknown>): Promise<number | undefined> {
  const caught: unknown = await promise.then(() => undefined, (error: unknown) => error);
  if (caught === undefined) return undefined;
  if (caught instanceof AppError) return caught.code;
  throw caught;
}

describe('deployments', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore(120_000);
  });
  afterEach(async () => {
    await store.close();
  });

  it('refuses update and delete (2131) while processing, and allows them once every node acknowledged', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2] }));
    expect((await deployResult(store.ctx, store.custId, task.id)).deployStatus).toBe('processing');
    expect(await errorCodeOf(updateTask(store.ctx, store.custId, task.id, { name: 'x' }))).toBe(2131);
    expect(await errorCodeOf(deleteTask(store.ctx, store.custId, task.id))).toBe(2131);

    expect(await acknowledge(store.ctx, 1, [{ taskId: task.id, taskVersion: 1 }])).toEqual({ completed: 1 });
    expect((await deployResult(store.ctx, store.custId, task.id)).deployStatus).toBe('processing');
    // A node cannot acknowledge for another node, nor an unknown version.
    await acknowledge(store.ctx, 1, [{ taskId: task.id, taskVersion: 2 }]);
    expect((await deployResult(store.ctx, store.custId, task.id)).deployStatus).toBe('processing');

    await acknowledge(store.ctx, 2, [{ taskId: task.id, taskVersion: 1 }]);
    const result = await deployResult(store.ctx, store.custId, task.id);
    expect(result.deployStatus).toBe('completed');
    expect(result.nodes.map((node) => node.state)).toEqual(['completed', 'completed']);
    expect((await updateTask(store.ctx, store.custId, task.id, { name: 'x' })).version).toBe(2);
  });

  it("completes an agent's whole set acknowledged at once (more than one statement's worth), and only the versions it runs", async () => {
    const tasks = [];
    for (let index = 0; index <= TASK_CHUNK; index += 1) tasks.push(await createTask(store.ctx, store.custId, httpTaskInput({ name: `Set ${index}`, nodeIds: [1, 2] })));
    const [unknownVersion, ...run] = tasks;
    const acks = [{ taskId: unknownVersion?.id ?? 0, taskVersion: 2 }, ...run.map((task) => ({ taskId: task.id, taskVersion: 1 }))];
    expect(await acknowledge(store.ctx, 1, acks)).toEqual({ completed: TASK_CHUNK });
    expect(await acknowledge(store.ctx, 1, acks)).toEqual({ completed: 0 });
    const statesOf = async (taskId: number) => (await deployResult(store.ctx, store.custId, taskId)).nodes.map((node) => [node.nodeId, node.state]);
    expect(await statesOf(run.at(-1)?.id ?? 0)).toEqual([[1, 'completed'], [2, 'processing']]);
    expect(await statesOf(run[0]?.id ?? 0)).toEqual([[1, 'completed'], [2, 'processing']]);
    expect(await statesOf(unknownVersion?.id ?? 0)).toEqual([[1, 'processing'], [2, 'processing']]);
  });

  it('turns a node that misses the deadline into an error node, rebuilds only failed nodes, then 2552', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2, 3] }));
    const createdAt = store.ctx.now();
    await acknowledge(store.ctx, 1, [{ taskId: task.id, taskVersion: 1 }]);
    expect(await errorCodeOf(rebuild(store.ctx, store.custId, task.id))).toBe(2552);

    store.advanceSeconds(121);
    // Too late: the deadline decides first.
    await acknowledge(store.ctx, 2, [{ taskId: task.id, taskVersion: 1 }]);
    const failed = await deployResult(store.ctx, store.custId, task.id);
    expect(failed.deployStatus).toBe('error_nodes');
    const byNode = new Map(failed.nodes.map((node) => [node.nodeId, node]));
    expect(byNode.get(1)).toMatchObject({ state: 'completed', errorCode: null, errorTime: null });
    expect(byNode.get(2)).toEqual({
      nodeId: 2,
      state: 'error',
      errorCode: 2505,
      errorTime: new Date(createdAt + 120_000).toISOString(),
      message: 'ack_timeout',
      agentRegistered: false,
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(store.ctx.now()).toISOString(),
    });
    expect(byNode.get(3)?.state).toBe('error');
    // Error nodes do not block changes.
    expect(await errorCodeOf(updateTask(store.ctx, store.custId, task.id, { name: 'still editable' }))).toBeUndefined();
  });

  it('rebuild re-sends the current version to failed nodes only', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2] }));
    await acknowledge(store.ctx, 1, [{ taskId: task.id, taskVersion: 1 }]);
    const node1Before = await assignmentsForNode(store.ctx, 1, 0);
    const node2Before = await assignmentsForNode(store.ctx, 2, 0);
    store.advanceSeconds(200);

    const rebuilt = await rebuild(store.ctx, store.custId, task.id);
    expect(rebuilt.deployStatus).toBe('processing');
    expect(rebuilt.nodes.map((node) => [node.nodeId, node.state])).toEqual([
      [1, 'completed'],
      [2, 'processing'],
    ]);
    expect((await assignmentsForNode(store.ctx, 1, node1Before.version)).assignments).toEqual([]);
    const resent = await assignmentsForNode(store.ctx, 2, node2Before.version);
    expect(resent.assignments.map((entry) => [entry.taskId, entry.taskVersion])).toEqual([[task.id, 1]]);

    await acknowledge(store.ctx, 2, [{ taskId: task.id, taskVersion: 1 }]);
    expect((await deployResult(store.ctx, store.custId, task.id)).deployStatus).toBe('completed');
    expect(await errorCodeOf(rebuild(store.ctx, store.custId, task.id))).toBe(2552);
    expect(await errorCodeOf(rebuild(store.ctx, store.otherCustId, task.id))).toBe(2127);
    expect(await errorCodeOf(deployResult(store.ctx, store.otherCustId, task.id))).toBe(2127);
  });
});

describe('assignments', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  const ackAll = (nodeIds: number[]) =>
    store.db.updateTable('deployments').set({ state: 'completed' }).where('node_id', 'in', nodeIds).execute();

  it('gives a node only the tasks selecting it, incrementally by version', async () => {
    const web = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2], matchingIps: ['192.0.2.1'] }));
    const tcp = await createTask(store.ctx, store.custId, { type: MONITOR_TYPES.TCP, name: 'db', domain: 'db.example.com', port: 5432, frequencyMinutes: 5, nodeIds: [2] });

    const first = await assignmentsForNode(store.ctx, 1, 0);
    expect(first.full).toBe(true);
    expect(first.removed).toEqual([]);
    expect(first.assignments).toEqual([
      {
        taskId: web.id,
        taskVersion: 1,
        frequencyMinutes: 1,
        options: expect.objectContaining({ type: 3, host: 'shop.example.com', path: '/' }),
        matchingIps: ['192.0.2.1'],
      },
    ]);
    const node2 = await assignmentsForNode(store.ctx, 2, 0);
    expect(node2.assignments.map((entry) => entry.taskId).sort()).toEqual([web.id, tcp.id].sort());
    expect(await assignmentsForNode(store.ctx, 3, 0)).toEqual({ version: 0, full: true, assignments: [], removed: [] });

    // Nothing changed: an empty answer at the same version.
    expect(await assignmentsForNode(store.ctx, 1, first.version)).toEqual({ version: first.version, full: false, assignments: [], removed: [] });

    // Moving the web task from node 1 to node 3: node 1 sees it removed, node 3 sees it added.
    await ackAll([1, 2]);
    await updateTask(store.ctx, store.custId, web.id, { nodeIds: [2, 3] });
    const node1 = await assignmentsForNode(store.ctx, 1, first.version);
    expect(node1).toMatchObject({ full: false, assignments: [], removed: [web.id] });
    expect(node1.version).toBeGreaterThan(first.version);
    const node2Next = await assignmentsForNode(store.ctx, 2, node2.version);
    expect(node2Next.assignments.map((entry) => [entry.taskId, entry.taskVersion])).toEqual([[web.id, 2]]);
    expect((await assignmentsForNode(store.ctx, 3, 0)).assignments.map((entry) => entry.taskId)).toEqual([web.id]);
  });

  it('sends disabled and deleted tasks as removed, and a re-enabled one again', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    const start = await assignmentsForNode(store.ctx, 1, 0);
    await ackAll([1]);
    await updateTask(store.ctx, store.custId, task.id, { status: 2 });
    const disabled = await assignmentsForNode(store.ctx, 1, start.version);
    expect(disabled.removed).toEqual([task.id]);
    expect((await deployResult(store.ctx, store.custId, task.id)).deployStatus).toBe('completed');

    await updateTask(store.ctx, store.custId, task.id, { status: 1 });
    const enabled = await assignmentsForNode(store.ctx, 1, disabled.version);
    expect(enabled.assignments.map((entry) => [entry.taskId, entry.taskVersion])).toEqual([[task.id, 3]]);

    await ackAll([1]);
    await deleteTask(store.ctx, store.custId, task.id);
    expect((await assignmentsForNode(store.ctx, 1, enabled.version)).removed).toEqual([task.id]);
    expect((await assignmentsForNode(store.ctx, 1, 0)).assignments).toEqual([]);
  });

  it('answers everything again for a version it never gave', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1] }));
    const answer = await assignmentsForNode(store.ctx, 1, 10_000);
    expect(answer.full).toBe(true);
    expect(answer.assignments.map((entry) => entry.taskId)).toEqual([task.id]);
  });

  it('leaves out a stored task that makes no runnable check, marks its deployment an error node, and still serves the rest', async () => {
    const good = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2] }));
    const broken = await createTask(store.ctx, store.custId, { type: MONITOR_TYPES.TCP, name: 'db', domain: 'db.example.com', port: 5432, frequencyMinutes: 5, nodeIds: [1] });
    // A row the services would never write (an older version's data, a manual edit).
    await store.db.updateTable('tasks').set({ port: null }).where('id', '=', broken.id).execute();
    const warnings: object[] = [];
    const ctx = { ...store.ctx, log: { warn: (fields: object) => warnings.push(fields) } };

    const answer = await assignmentsForNode(ctx, 1, 0);
    expect(answer.assignments.map((entry) => entry.taskId)).toEqual([good.id]);
    expect(warnings).toEqual([{ taskId: broken.id, taskVersion: 1, nodeId: 1 }]);
    const result = await deployResult(store.ctx, store.custId, broken.id);
    expect(result.deployStatus).toBe('error_nodes');
    expect(result.nodes).toMatchObject([{ nodeId: 1, state: 'error', errorCode: 2505, message: 'invalid_options' }]);
    // The good task's deployment is untouched.
    expect((await deployResult(store.ctx, store.custId, good.id)).deployStatus).toBe('processing');
  });
});
