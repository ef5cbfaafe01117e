import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResultItem } from '../../src/shared/calls/agent-work.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { issueNodeKey } from '../../src/server/modules/nodes/keys.js';
import type { Task } from '../../src/server/modules/tasks/task-model.js';
import { DataDirLockedError } from '../../src/agent/data-dir.js';
import { Spool } from '../../src/agent/spool.js';
import { createHarness, type Harness, storedResults, waitFor } from './helpers/agent-harness.js';
import { type Running, startTcpListener } from './helpers/servers.js';

/** A data directory belongs to one node: one agent at a time, and never another node's results. */

let harness: Harness;
let target: Running;
beforeEach(async () => {
  harness = await createHarness();
  target = await startTcpListener();
});
afterEach(async () => {
  await harness.close();
  await target.close();
});

/** A result of the Local node's task, as an agent would have spooled it half a minute ago. */
function spooledResult(task: Task): ResultItem {
  const startedAt = new Date(harness.server.clock.now() - 30_000).toISOString();
  const details = { ip: '127.0.0.1', port: target.port, connectMs: 0.25 };
  return {
    taskId: task.id,
    taskVersion: task.version,
    result: { type: MONITOR_TYPES.TCP, ok: true, startedAt, durationMs: 0.5, failure: null, resolvedIps: ['127.0.0.1'], ipMatched: null, details },
  };
}

async function storedAt(taskId: number, startedAt: string): Promise<number> {
  const rows = await harness.server.db.selectFrom('results').select('ts').where('task_id', '=', taskId).execute();
  return rows.filter((row) => row.ts === Date.parse(startedAt)).length;
}

async function keyOf(nodeId: number): Promise<string> {
  return (await issueNodeKey(harness.server.db, nodeId, { now: harness.server.clock.now(), allowPrivateTargets: true })).key;
}

describe('an agent data directory', () => {
  it('refuses a second agent while one runs on it, and lets the next in once it stopped', async () => {
    const first = harness.agent();
    expect(() => harness.agent({ dataDir: first.dataDir })).toThrow(DataDirLockedError);
    await first.handle.stop();
    const second = harness.agent({ dataDir: first.dataDir });
    await waitFor('the second agent registered', () => second.handle.status().registered);
  }, 60_000);

  it('moves aside what another node left there, and never sends it under the new key', async () => {
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    const other = await harness.server.db.selectFrom('nodes').select('id').where('id', '!=', harness.nodeId).executeTakeFirstOrThrow();
    await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port, nodeIds: [other.id] });
    const before = harness.agent({ key: await keyOf(other.id) });
    await waitFor('the other node holding its task', () => before.handle.status().nodeId === other.id && before.handle.status().assignments === 1);
    await before.handle.stop();
    const foreign = spooledResult(task);
    new Spool<ResultItem>(join(before.dataDir, 'spool')).append([foreign]);

    const after = harness.agent({ dataDir: before.dataDir });
    await waitFor('its own results stored', async () => (await storedResults(harness.server, task.id)).rows >= 2);
    await waitFor('its spool drained', () => after.handle.status().batchesWaiting === 0);
    expect(await storedAt(task.id, foreign.result.startedAt)).toBe(0);
    const quarantined = after.lines.find((line) => line.event === 'data_quarantined');
    expect(quarantined).toMatchObject({ fromNodeId: other.id, toNodeId: harness.nodeId, cachedAssignments: true });
    // Kept on disk for the operator, not sent: ours, and any the other node's agent had not delivered yet.
    const kept = new Spool<ResultItem>(join(String(quarantined?.dir), 'spool')).pending(100).flatMap((batch) => batch.results);
    expect(kept).toContainEqual(foreign);
    expect(quarantined).toMatchObject({ results: kept.length });
  }, 60_000);

  it('keeps and delivers what the same node left there under its previous key', async () => {
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    const before = harness.agent();
    await waitFor('registered', () => before.handle.status().registered);
    await before.handle.stop();
    const earlier = spooledResult(task);
    new Spool<ResultItem>(join(before.dataDir, 'spool')).append([earlier]);

    const after = harness.agent({ dataDir: before.dataDir, key: await keyOf(harness.nodeId) });
    await waitFor('the earlier result delivered', async () => (await storedAt(task.id, earlier.result.startedAt)) === 1);
    expect(after.lines.some((line) => line.event === 'data_quarantined')).toBe(false);
  }, 60_000);
});
