import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch, type IngestItem } from '../../../src/server/results/index.js';
import { acknowledge } from '../../../src/server/modules/deployments/assignments.js';
import { DomainOverviewAnswer, type DomainOverviewBody } from '../../../src/shared/calls/domain-overview.js';
import { FULL_TASKS_PRIVILEGE } from '../../../src/shared/roles.js';
import { addCustomer, addUser } from '../helpers.js';
import { httpResult, tcpResult } from '../tasks-helpers.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

// The seeded customer's tasks with real ingested results over the last hour:
// HTTP Normal 100 %, Slow 80 % (warning), Broken 50 % (error), Quiet no data, Off 0 % but disabled,
// Old: all failed 2.5 h ago (no data in the last hour, error over 3 h); TCP Down 0 % (error).
// The other customer has one HTTP task failing everything.

const MINUTE = 60_000;
let fx: DomainFixture;
const ids = new Map<string, number>();
const idOf = (name: string): number => {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`no task ${name}`);
  return id;
};

async function ingest(nodeId: number, items: IngestItem[]): Promise<void> {
  const answer = await ingestBatch(fx.server.app.vigil, nodeId, `batch-${nodeId}-${items[0]?.taskId}-${items[0]?.result.startedAt}`, items);
  expect(answer.rejected).toBe(0);
}

function series(taskId: number, start: number, count: number, make: (index: number, ts: number) => IngestItem['result']): IngestItem[] {
  return Array.from({ length: count }, (_, index) => ({ taskId, result: make(index, start + index * MINUTE) }));
}

async function overview(body?: DomainOverviewBody, token = fx.token) {
  const answer = await fx.call('/domain/overview', body, token);
  expect(answer.code, answer.body).toBe(200);
  return DomainOverviewAnswer.parse(answer.data);
}

beforeAll(async () => {
  fx = await domainFixture();
  const [a] = fx.nodes;
  const named = async (slug: 'http' | 'tcp', name: string, overrides: Record<string, unknown> = {}, token = fx.token) => {
    const task = await fx.create(slug, bodyOf(slug, [a], { name, domain: `${name.toLowerCase()}.example.com`, ...overrides }), token);
    ids.set(name, task.id);
  };
  for (const name of ['Normal', 'Slow', 'Broken', 'Quiet', 'Off', 'Old']) await named('http', name);
  await named('tcp', 'Down');
  await named('http', 'Foreign', {}, fx.otherToken);
  await acknowledge(fx.server.app.vigil, a, [...ids.values()].map((taskId) => ({ taskId, taskVersion: 1 })));

  const now = fx.server.clock.now();
  await ingest(a, series(idOf('Normal'), now - 30 * MINUTE, 10, (_, ts) => httpResult(ts, 200, 100)));
  await ingest(a, series(idOf('Slow'), now - 30 * MINUTE, 10, (index, ts) => httpResult(ts, index < 8 ? 200 : 503, 900)));
  await ingest(a, series(idOf('Broken'), now - 30 * MINUTE, 10, (index, ts) => httpResult(ts, index < 5 ? 200 : '000', 300)));
  await ingest(a, series(idOf('Off'), now - 30 * MINUTE, 10, (_, ts) => httpResult(ts, '000', null)));
  await ingest(a, series(idOf('Old'), now - 150 * MINUTE, 10, (_, ts) => httpResult(ts, '000', null)));
  await ingest(a, series(idOf('Down'), now - 30 * MINUTE, 10, (_, ts) => tcpResult(ts, false, null)));
  await ingest(a, series(idOf('Foreign'), now - 30 * MINUTE, 10, (_, ts) => httpResult(ts, '000', null)));
  expect((await fx.call('/domain/http/update', { id: idOf('Off'), status: 2 })).code).toBe(200);
}, 60_000);
afterAll(() => fx.close());

describe('POST /domain/overview', () => {
  it('counts enabled tasks per type by band over the last hour and disabled ones apart', async () => {
    const answer = await overview();
    const now = fx.server.clock.now();
    expect([answer.from, answer.to]).toEqual([new Date(now - 3_600_000).toISOString(), new Date(now).toISOString()]);
    expect(answer.types).toEqual([
      { type: 1, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 },
      { type: 2, normal: 0, warning: 0, error: 1, none: 0, disabled: 0 },
      { type: 3, normal: 1, warning: 1, error: 1, none: 2, disabled: 1 },
      { type: 4, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 },
      { type: 5, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 },
      { type: 6, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 },
      { type: 7, normal: 0, warning: 0, error: 0, none: 0, disabled: 0 },
    ]);
  });

  it('lists the enabled tasks in error or warning, worst first, with their figures', async () => {
    const answer = await overview();
    expect(answer.attentionTotal).toBe(3);
    expect(answer.attention.map((task) => task.id)).toEqual([idOf('Down'), idOf('Broken'), idOf('Slow')]);
    expect(answer.attention[0]).toEqual({
      id: idOf('Down'),
      type: 2,
      name: 'Down',
      domain: 'down.example.com',
      port: 5432,
      otherPath: '',
      availabilityPercent: 0,
      avgResponseMs: null,
      serviceStatus: 3,
      certificate: null,
    });
    expect(answer.attention[1]).toMatchObject({ name: 'Broken', availabilityPercent: 50, avgResponseMs: 300, serviceStatus: 3 });
    expect(answer.attention[2]).toMatchObject({ name: 'Slow', availabilityPercent: 80, serviceStatus: 2, otherPath: '/health' });
  });

  it('cuts the list at the limit and still counts every task in trouble', async () => {
    const answer = await overview({ limit: 2 });
    expect(answer.attention.map((task) => task.name)).toEqual(['Down', 'Broken']);
    expect(answer.attentionTotal).toBe(3);
  });

  it('covers a longer range when asked (hour sums)', async () => {
    const answer = await overview({ hours: 3 });
    expect(answer.types.find((counts) => counts.type === 3)).toEqual({ type: 3, normal: 1, warning: 1, error: 2, none: 1, disabled: 1 });
    expect(answer.attention.map((task) => task.name)).toEqual(['Down', 'Old', 'Broken', 'Slow']);
  });

  it('shows each customer only its own tasks', async () => {
    const mine = await overview({ limit: 100 });
    expect(mine.attention.map((task) => task.id)).not.toContain(idOf('Foreign'));
    const theirs = await overview(undefined, fx.otherToken);
    expect(theirs.attention.map((task) => task.id)).toEqual([idOf('Foreign')]);
    expect(theirs.types.find((counts) => counts.type === 3)).toEqual({ type: 3, normal: 0, warning: 0, error: 1, none: 0, disabled: 0 });
    expect(theirs.types.find((counts) => counts.type === 2)?.error).toBe(0);
  });

  it('answers zeros and an empty list to a customer without tasks', async () => {
    const custId = await addCustomer(fx.server, 'Empty Ltd');
    await addUser(fx.server, { account: 'empty01', custId });
    const answer = await overview(undefined, await fx.server.login('empty01'));
    expect(answer.types.map((counts) => counts.normal + counts.warning + counts.error + counts.none + counts.disabled)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect([answer.attention, answer.attentionTotal]).toEqual([[], 0]);
  });

  it('refuses bad bodies with field errors', async () => {
    for (const [body, error] of [
      [{ hours: 5 }, 'hours:10010003'],
      [{ limit: 0 }, 'limit:10010003'],
      [{ limit: 101 }, 'limit:10010003'],
      [{ extra: 1 }, 'extra:10010001'],
    ] as const) {
      const answer = await fx.call('/domain/overview', body);
      expect(answer.code, JSON.stringify(body)).toBe(1001);
      expect(answer.errors, JSON.stringify(body)).toContain(error);
    }
  });

  it('needs a session and the overview privilege', async () => {
    expect((await fx.call('/domain/overview', {}, 'not-a-token')).statusCode).toBe(401);
    await addUser(fx.server, { account: 'nooverview1', tasksPrivilege: { ...FULL_TASKS_PRIVILEGE, overview: 'none' } });
    expect((await fx.call('/domain/overview', {}, await fx.server.login('nooverview1'))).statusCode).toBe(403);
  });
});
