import { sql } from 'kysely';
import type { Db } from '../../src/server/db/connection.js';
import { testEngine } from './test-database.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { CheckOptions } from '../../src/shared/probe/options.js';
import { AppError } from '../../src/server/http/app-error.js';
import { checkOptionsOf } from '../../src/server/modules/tasks/check-options.js';
import { createTask, deleteTask, getTask, updateTask } from '../../src/server/modules/tasks/service.js';
import { taskDefaults, type TaskFields } from '../../src/server/modules/tasks/task-input.js';
import { addNode, createTestStore, httpTaskInput, type TestStore } from './tasks-helpers.js';

function fields(overrides: Partial<TaskFields>): TaskFields {
  return { ...taskDefaults(), type: MONITOR_TYPES.ICMP, name: 'n', domain: 'example.com', frequencyMinutes: 5, nodeIds: [1], ...overrides };
}

async function errorCodeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

describe('checkOptionsOf', () => {
  it('builds what each type runs, parsed by the shared schema', () => {
    const cases: [Partial<TaskFields>, unknown][] = [
      [{ type: MONITOR_TYPES.ICMP }, { type: 1, host: 'example.com', count: 4 }],
      [{ type: MONITOR_TYPES.TCP, port: 8443 }, { type: 2, host: 'example.com', port: 8443 }],
      [{ type: MONITOR_TYPES.HTTP, otherPath: 'status?x=1' }, { type: 3, host: 'example.com', path: '/status?x=1', method: 'GET' }],
      [{ type: MONITOR_TYPES.HTTPS, port: 8443, otherPath: '/health' }, { type: 4, host: 'example.com', port: 8443, path: '/health' }],
      [{ type: MONITOR_TYPES.DNS, dnsServers: ['8.8.8.8', '1.1.1.1:53'], protocol: 'aaaa' }, { type: 5, host: 'example.com', servers: ['8.8.8.8', '1.1.1.1:53'], recordType: 'AAAA' }],
      [{ type: MONITOR_TYPES.TRACEROUTE }, { type: 6, host: 'example.com', maxHops: 30 }],
      [{ type: MONITOR_TYPES.SSL }, { type: 7, host: 'example.com', port: 443 }],
    ];
    for (const [overrides, expected] of cases) {
      const options = checkOptionsOf(fields(overrides));
      expect(options).toMatchObject(expected as object);
      expect(CheckOptions.parse(options)).toEqual(options);
    }
  });

  it('uses the default port when an HTTP task names none or 0, and "/" for an empty path', () => {
    const options = checkOptionsOf(fields({ type: MONITOR_TYPES.HTTP, port: 0 }));
    expect(options).not.toHaveProperty('port');
    expect(options).toMatchObject({ path: '/' });
    expect(checkOptionsOf(fields({ type: MONITOR_TYPES.DNS, dnsServers: ['9.9.9.9'] }))).toMatchObject({ recordType: 'A' });
  });
});

describe('task service', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(async () => {
    await store.close();
  });

  it('creates a task at version 1 with one processing deployment per selected node', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [3, 1, 3], tags: ['web'] }));
    expect(task).toMatchObject({ version: 1, custId: store.custId, nodeIds: [3, 1], tags: ['web'], status: 1, deletedAt: null });
    const deployments = await store.db.selectFrom('deployments').selectAll().where('task_id', '=', task.id).orderBy('node_id').execute();
    expect(deployments.map((row) => [row.node_id, row.state, row.task_version])).toEqual([
      [1, 'processing', 1],
      [3, 'processing', 1],
    ]);
  });

  it('answers 2127 for another customer\'s task, revealing nothing', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput());
    expect(await errorCodeOf(getTask(store.ctx, store.otherCustId, task.id))).toBe(2127);
    expect(await errorCodeOf(updateTask(store.ctx, store.otherCustId, task.id, { name: 'mine now' }))).toBe(2127);
    expect(await errorCodeOf(deleteTask(store.ctx, store.otherCustId, task.id))).toBe(2127);
    expect(await errorCodeOf(getTask(store.ctx, store.custId, 999_999))).toBe(2127);
    expect((await getTask(store.ctx, store.custId, task.id)).name).toBe('Shop');
  });

  it('leaves nothing behind when the transaction fails midway', async () => {
    // A deployment row for node 999 fails after the task row and the first node's rows were written.
    await addNode(store.db, 999);
    await refuseDeploymentsOfNode(store.db, 999);
    await expect(createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 999] }))).rejects.toThrow(/refused/);
    expect(await store.db.selectFrom('tasks').selectAll().execute()).toEqual([]);
    expect(await store.db.selectFrom('deployments').selectAll().execute()).toEqual([]);
    expect(await store.db.selectFrom('node_assignments').selectAll().execute()).toEqual([]);
  });

  it('refuses input the agents could not run', async () => {
    const bad = await errorCodeOf(createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [], frequencyMinutes: 3, name: '' })));
    expect(bad).toBe(1001);
    const error = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [], frequencyMinutes: 3 })).catch((caught: unknown) => caught);
    const fieldsWithErrors = (error as AppError).data?.errors.map((entry) => entry.field);
    expect(fieldsWithErrors).toEqual(expect.arrayContaining(['nodeIds', 'frequencyMinutes']));
    expect(await errorCodeOf(createTask(store.ctx, store.custId, httpTaskInput({ type: MONITOR_TYPES.TCP })))).toBe(2130);
    expect(await errorCodeOf(createTask(store.ctx, store.custId, httpTaskInput({ type: MONITOR_TYPES.DNS })))).toBe(1001);
    expect(await errorCodeOf(createTask(store.ctx, store.custId, httpTaskInput({ otherPath: 'x'.repeat(100) })))).toBe(1001);
  });

  it('bumps the version on every change and marks a deleted task deleted', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput());
    await store.db.updateTable('deployments').set({ state: 'completed' }).execute();
    const updated = await updateTask(store.ctx, store.custId, task.id, { name: 'Shop 2', frequencyMinutes: 5 });
    expect(updated).toMatchObject({ version: 2, name: 'Shop 2', frequencyMinutes: 5, domain: 'shop.example.com' });
    await store.db.updateTable('deployments').set({ state: 'completed' }).execute();
    await deleteTask(store.ctx, store.custId, task.id);
    expect(await errorCodeOf(getTask(store.ctx, store.custId, task.id))).toBe(2127);
    const row = await store.db.selectFrom('tasks').select(['version', 'deleted_at']).where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ version: 3, deleted_at: store.ctx.now() });
  });
});

/** A trigger that fails any deployment row for the node, in the engine's own trigger language. */
async function refuseDeploymentsOfNode(db: Db, nodeId: number): Promise<void> {
  if (testEngine === 'sqlite') {
    await sql`create trigger refuse_node before insert on deployments when new.node_id = ${sql.lit(nodeId)} begin select raise(abort, 'refused'); end`.execute(db);
    return;
  }
  await sql`create function refuse_node() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(db);
  await sql`create trigger refuse_node before insert on deployments for each row when (new.node_id = ${sql.lit(nodeId)}) execute function refuse_node()`.execute(db);
}
