import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingestBatch, rangeSums, roundChecks } from '../../../src/server/results/index.js';
import type { CheckResult, CheckResultOf } from '../../../src/shared/probe/results.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import { createTestStore, httpResult, httpTaskInput, STORE_START, type TestStore } from '../tasks-helpers.js';

/** The alert rounds' reads: sums per (task, node), and per node the addresses resolved and the soonest certificate. */

let store: TestStore;
beforeEach(async () => {
  store = await createTestStore();
});
afterEach(async () => {
  await store.close();
});

const ROUND = { from: STORE_START + 60_000, to: STORE_START + 120_000 };

function withCertificate(ts: number, validTo: string, ips: string[]): CheckResult {
  const result = httpResult(ts, 200, 40) as CheckResultOf<3>;
  if (!result.details) throw new Error('no details');
  return { ...result, resolvedIps: ips, details: { ...result.details, certificate: { subject: 'CN=shop', issuer: 'CN=ca', validFrom: '2026-01-01T00:00:00.000Z', validTo, daysLeft: 9, fingerprint256: validTo } } };
}

describe('round reads', () => {
  it('sum each (task, node) of the round and read its resolved addresses and soonest certificate, nothing outside [from, to)', async () => {
    store.setTime(ROUND.to + 1_000);
    const a = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2] }));
    const b = await createTask(store.ctx, store.custId, httpTaskInput({ nodeIds: [1, 2], domain: 'other.example.com' }));
    await ingestBatch(store.ctx, 1, 'n1', [
      { taskId: a.id, result: withCertificate(ROUND.from + 1_000, '2026-05-01T00:00:00.000Z', ['192.0.2.1']) },
      { taskId: a.id, result: withCertificate(ROUND.from + 30_000, '2026-04-01T00:00:00.000Z', ['192.0.2.2', '192.0.2.1']) },
      { taskId: a.id, result: httpResult(ROUND.to, '000', null) },
      { taskId: b.id, result: httpResult(ROUND.from - 1, 503, 20) },
    ]);
    await ingestBatch(store.ctx, 2, 'n2', [
      { taskId: a.id, result: httpResult(ROUND.from + 2_000, 503, 30) },
      { taskId: b.id, result: httpResult(ROUND.from + 2_000, 200, 10) },
    ]);
    const sums = await rangeSums(store.ctx, { custId: store.custId, taskIds: [a.id, b.id] }, ROUND, { by: 'task-node' });
    const byKey = Object.fromEntries(sums.groups.map((group) => [`${group.taskId}/${group.nodeId}`, [group.count, group.successes]]));
    expect(byKey).toEqual({ [`${a.id}/1`]: [2, 2], [`${a.id}/2`]: [1, 0], [`${b.id}/2`]: [1, 1] });

    const checks = await roundChecks(store.ctx, store.custId, [a.id], ROUND);
    const node1 = checks.find((entry) => entry.nodeId === 1);
    expect(node1).toMatchObject({ taskId: a.id, resolvedIps: ['192.0.2.1', '192.0.2.2'], certificate: { validTo: '2026-04-01T00:00:00.000Z' } });
    expect(checks.find((entry) => entry.nodeId === 2)).toMatchObject({ resolvedIps: ['192.0.2.20'], certificate: null });
    expect(await roundChecks(store.ctx, store.otherCustId, [a.id], ROUND)).toEqual([]);
  });
});
