import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneJobs } from '../../src/server/modules/agents/jobs-prune.js';
import { pruneSupersededDeployments } from '../../src/server/modules/deployments/prune.js';
import { deployResult } from '../../src/server/modules/deployments/service.js';
import { createTask, updateTask } from '../../src/server/modules/tasks/service.js';
import { createTestStore, httpTaskInput, type TestStore } from './tasks-helpers.js';

const DAY = 86_400_000;

describe('pruning of jobs and deployments', () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore(120_000);
  });
  afterEach(async () => {
    await store.close();
  });

  it('removes finished and long-dead on-demand jobs older than the raw retention, and keeps the rest', async () => {
    const now = store.ctx.now();
    const job = (id: string, state: 'queued' | 'taken' | 'done' | 'expired', ageDays: number, expiresInMs = 60_000) => ({
      id,
      cust_id: store.custId,
      node_id: 1,
      options: '{"type":"mtr","host":"example.com"}',
      state,
      result: null,
      created_at: now - ageDays * DAY,
      expires_at: now - ageDays * DAY + expiresInMs,
    });
    await store.db
      .insertInto('agent_jobs')
      .values([
        job('old-done', 'done', 8),
        job('old-expired', 'expired', 30),
        job('old-never-taken', 'queued', 8),
        job('recent-done', 'done', 2),
        job('queued-now', 'queued', 0),
        job('old-but-still-running', 'taken', 8, 9 * DAY),
      ])
      .execute();
    expect(await pruneJobs(store.db, now - 7 * DAY)).toBe(3);
    const left = await store.db.selectFrom('agent_jobs').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['old-but-still-running', 'queued-now', 'recent-done']);
  });

  it('removes deployment rows a newer one replaced once they are 30 days old; the current result stays', async () => {
    const task = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2] }));
    await store.db.updateTable('deployments').set({ state: 'completed' }).execute();
    store.advanceSeconds(60);
    await updateTask(store.ctx, store.custId, task.id, { name: 'Shop v2' });
    await store.db.updateTable('deployments').set({ state: 'completed' }).execute();
    const before = await deployResult(store.ctx, store.custId, task.id);
    expect(await store.db.selectFrom('deployments').select('id').execute()).toHaveLength(4);

    expect(await pruneSupersededDeployments(store.db, store.ctx.now() - DAY)).toBe(0);
    expect(await pruneSupersededDeployments(store.db, store.ctx.now() + DAY)).toBe(2);
    const left = await store.db.selectFrom('deployments').select(['node_id', 'task_version']).orderBy('node_id').execute();
    expect(left).toEqual([
      { node_id: 1, task_version: 2 },
      { node_id: 2, task_version: 2 },
    ]);
    expect(await deployResult(store.ctx, store.custId, task.id)).toEqual(before);
  });
});
