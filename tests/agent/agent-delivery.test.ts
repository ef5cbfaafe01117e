import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResultItem } from '../../src/shared/calls/agent-work.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { Spool } from '../../src/agent/spool.js';
import { type AnswerDroppingProxy, startAnswerDroppingProxy } from './helpers/answer-dropping-proxy.js';
import { createHarness, type Harness, storedResults, waitFor } from './helpers/agent-harness.js';
import { type Running, startTcpListener } from './helpers/servers.js';

/**
 * Every result spooled arrives exactly once: through a server outage and restart, through answers
 * lost after the server stored a batch, and through an agent killed mid-delivery.
 */

let harness: Harness;
let target: Running;
let proxy: AnswerDroppingProxy | undefined;

beforeEach(async () => {
  harness = await createHarness();
  target = await startTcpListener();
});
afterEach(async () => {
  await harness.close();
  await target.close();
  await proxy?.close();
  proxy = undefined;
});

/** Results still waiting in an agent's spool (spooled, never confirmed). */
function spooledResults(dataDir: string): number {
  return new Spool<ResultItem>(join(dataDir, 'spool')).pending(Number.MAX_SAFE_INTEGER).reduce((total, batch) => total + batch.results.length, 0);
}

describe('result delivery', () => {
  it('keeps results through a server outage and delivers each exactly once after the restart', async () => {
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    const { handle, dataDir, lines } = harness.agent();
    await waitFor('first results stored', async () => (await storedResults(harness.server, task.id)).rows >= 2);

    await harness.kill();
    await waitFor('results piling up in the spool', () => handle.status().batchesWaiting >= 3, 30_000);
    expect(lines.some((line) => line.event === 'delivery_failing')).toBe(true);

    await harness.revive();
    await waitFor('the backlog delivered', () => handle.status().batchesWaiting === 0 && handle.status().resultsDelivered >= 5, 30_000);
    expect(lines.some((line) => line.event === 'delivery_resumed')).toBe(true);

    await handle.stop({ flush: true });
    const stored = await storedResults(harness.server, task.id);
    expect(stored.repeated).toBe(0);
    expect(stored.rows).toBe(handle.status().resultsSpooled - spooledResults(dataDir));
    expect(stored.rows).toBeGreaterThanOrEqual(5);
  }, 90_000);

  it('stores a batch once when its answer is lost, and when the agent is killed mid-delivery and restarted', async () => {
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    proxy = await startAnswerDroppingProxy(harness.url);
    proxy.dropAnswers = true;
    const first = harness.agent({ serverUrl: proxy.url });
    // The server stores batches the agent never hears about, and the agent resends them.
    await waitFor('answers lost after storing', () => (proxy?.dropped ?? 0) >= 4, 30_000);
    expect((await storedResults(harness.server, task.id)).rows).toBeGreaterThan(0);

    // Killed: the in-memory batch is abandoned, the spooled ones stay.
    await first.handle.stop({ flush: false });
    expect(first.handle.status().batchesWaiting).toBeGreaterThan(0);

    proxy.dropAnswers = false;
    const second = harness.agent({ serverUrl: proxy.url, dataDir: first.dataDir });
    await waitFor('the spool drained', () => second.handle.status().batchesWaiting === 0 && second.handle.status().resultsDelivered > 0, 30_000);
    expect(second.handle.status().duplicateBatches).toBeGreaterThan(0);
    await second.handle.stop({ flush: true });

    const stored = await storedResults(harness.server, task.id);
    expect(stored.repeated).toBe(0);
    const spooled = first.handle.status().resultsSpooled + second.handle.status().resultsSpooled;
    expect(stored.rows).toBe(spooled - spooledResults(first.dataDir));
  }, 90_000);

  it('counts results the spool had to drop and reports them with the next delivery', async () => {
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    const { handle, dataDir } = harness.agent({ deps: { spoolLimits: { maxBatches: 2, maxBytes: 10 * 1024 * 1024 } } });
    await waitFor('first result stored', async () => (await storedResults(harness.server, task.id)).rows >= 1);
    await harness.kill();
    await waitFor('the spool overflowing', () => new Spool<ResultItem>(join(dataDir, 'spool')).droppedCount() >= 2, 30_000);
    await harness.revive();
    await waitFor('the drop count delivered', () => new Spool<ResultItem>(join(dataDir, 'spool')).droppedCount() === 0 && handle.status().batchesWaiting === 0, 30_000);
    await handle.stop({ flush: true });
    const node = await harness.server.db.selectFrom('nodes').select('results_dropped').where('id', '=', harness.nodeId).executeTakeFirstOrThrow();
    expect(node.results_dropped).toBeGreaterThanOrEqual(2);
    // Every result the agent produced is either stored, reported as dropped, or still spooled.
    const stored = await storedResults(harness.server, task.id);
    expect(stored.rows + node.results_dropped).toBe(handle.status().resultsSpooled - spooledResults(dataDir));
  }, 90_000);
});
